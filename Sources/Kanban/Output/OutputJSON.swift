import Foundation

/// The one JSON configuration every `--json` form is printed with, for the CLI and for anything
/// else (a web server) that must answer with the same bytes.
///
/// Compact, keys sorted, `/` not escaped. Keys are sorted because Foundation's `JSONEncoder`
/// does not keep the declaration order of `CodingKeys` (it writes an object's keys in hash
/// order, which changes from one process to the next); sorted, the same value always gives
/// the same text.
///
/// For example:
///
/// ```swift
/// let data = try OutputJSON.encode(BoardOutput(view: try engine.boardView(named: "main")))
/// ```
public enum OutputJSON {
    /// The shared encoder. Do not change its configuration: make your own from it instead.
    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// A decoder for the same forms.
    public static let decoder = JSONDecoder()

    /// `value` as compact JSON text, without a trailing newline.
    public static func encode(_ value: some Encodable) throws -> Data {
        try encoder.encode(value)
    }

    /// A value of `type` from JSON text that ``encode(_:)`` (or the CLI) wrote.
    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try decoder.decode(type, from: data)
    }
}
