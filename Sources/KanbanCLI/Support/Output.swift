import Foundation
import Kanban

/// Writes to standard output and standard error.
enum Output {
    static func print(_ text: String) {
        Swift.print(text)
    }

    /// Prints `value` as one line of JSON, through the encoder every `--json` form shares.
    static func printJSON(_ value: some Encodable) throws {
        Swift.print(String(decoding: try OutputJSON.encode(value), as: UTF8.self))
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

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
