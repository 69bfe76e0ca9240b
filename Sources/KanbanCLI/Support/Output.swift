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

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
