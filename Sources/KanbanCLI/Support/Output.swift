import Foundation
import Kanban

/// Writes to standard output and standard error.
/// Text goes out with its control characters escaped (``TerminalText``): what a title or an
/// actor's name holds can neither drive the terminal nor fake a line.
enum Output {
    /// Prints `text`, which may be several lines: control characters but newlines and tabs escaped.
    static func print(_ text: String) {
        Swift.print(TerminalText.escaped(text, keepingNewlines: true))
    }

    /// Prints one line: every control character escaped, newlines too, so data cannot add lines.
    static func line(_ text: String) {
        Swift.print(TerminalText.escaped(text))
    }

    /// Prints `text` as it is, for output that styles itself (colours) and escaped its data
    /// already (``BoardRenderer``).
    static func styled(_ text: String) {
        Swift.print(text)
    }

    /// Prints `value` as one line of JSON, through the encoder every `--json` form shares.
    static func printJSON(_ value: some Encodable) throws {
        Swift.print(String(decoding: try OutputJSON.encode(value), as: UTF8.self))
    }

    /// Prints `items` as one line of JSON, each in its `form`, with `json`; else one line each.
    static func list<Item, Form: Encodable>(_ items: [Item], json: Bool, form: (Item) -> Form, line: (Item) -> String) throws {
        if json {
            try printJSON(items.map(form))
        } else {
            for item in items { Output.line(line(item)) }
        }
    }

    /// Prints `bytes` (JSON text already encoded) and a newline with one write.
    static func printJSON(bytes: consuming [UInt8]) throws {
        bytes.append(UInt8(ascii: "\n"))
        try bytes.withUnsafeBytes { try FileHandle.standardOutput.write(contentsOf: $0) }
    }

    /// Prints JSON text that `write` passes on a chunk at a time, then a newline: a large answer
    /// (a board of 250,000 cards) is never held whole.
    static func printJSON(chunks write: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        try write { try FileHandle.standardOutput.write(contentsOf: $0) }
        try FileHandle.standardOutput.write(contentsOf: [UInt8(ascii: "\n")])
    }

    /// Prints `text` as one line on standard error, every control character escaped.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((TerminalText.escaped(text) + "\n").utf8))
    }
}
