import Foundation

/// Any JSON document, parsed strictly enough to tell its types apart: `true` is not `1`, `1` is
/// not `"1"`, and `null` is not an absent key. For pinning the shape of output key by key.
public indirect enum JSONTree: Equatable, Sendable, Decodable, CustomStringConvertible {
    case null
    case bool(Bool)
    /// A number written without a fraction or exponent.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    case string(String)
    case array([JSONTree])
    case object([String: JSONTree])

    /// Parses `data`.
    public init(parsing data: Data) throws {
        self = try JSONDecoder().decode(JSONTree.self, from: data)
    }

    /// Parses `text`.
    public init(parsing text: String) throws {
        try self.init(parsing: Data(text.utf8))
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONTree].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONTree].self))
        }
    }

    /// The members, for an object.
    public var members: [String: JSONTree]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements, for an array.
    public var elements: [JSONTree]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The member `key` of an object.
    public subscript(key: String) -> JSONTree? { members?[key] }

    /// Where `self` and `expected` differ, as `path: got …, expected …` lines (none when equal).
    /// Objects are compared key by key: a missing key, an extra key and a different value each
    /// give their own line.
    public func differences(from expected: JSONTree, at path: String = "$") -> [String] {
        switch (self, expected) {
        case (.object(let actual), .object(let wanted)):
            var lines: [String] = []
            for key in Set(actual.keys).union(wanted.keys).sorted() {
                switch (actual[key], wanted[key]) {
                case (let got?, let want?): lines += got.differences(from: want, at: "\(path).\(key)")
                case (let got?, nil): lines.append("\(path).\(key): got \(got), expected no such key")
                case (nil, let want?): lines.append("\(path).\(key): missing, expected \(want)")
                case (nil, nil): break
                }
            }
            return lines
        case (.array(let actual), .array(let wanted)) where actual.count == wanted.count:
            return zip(actual, wanted).enumerated().flatMap { $0.element.0.differences(from: $0.element.1, at: "\(path)[\($0.offset)]") }
        default:
            return self == expected ? [] : ["\(path): got \(self), expected \(expected)"]
        }
    }

    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .integer(let value): String(value)
        case .number(let value): String(value)
        case .string(let value): value.debugDescription
        case .array(let elements): "[" + elements.map(\.description).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription):\($0.value)" }.joined(separator: ",") + "}"
        }
    }
}
