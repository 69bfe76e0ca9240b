import Foundation

/// Writes to standard output and standard error.
enum Output {
    static func print(_ text: String) {
        Swift.print(text)
    }

    static func printJSON(_ value: JSONValue) {
        Swift.print(value.serialized())
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
