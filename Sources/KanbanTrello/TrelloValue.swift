import Kanban
/// Any JSON value, as a Trello export's open-ended objects (an action's `data.card` and
/// `data.old`) hold them: the import reads the keys it knows and counts the rest.
enum TrelloValue: Decodable, Hashable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    /// An array, such as `idLabels` and `idMembers`.
    case array([TrelloValue])
    /// An object: never read, only noticed.
    case other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([TrelloValue].self) {
            self = .array(array)
        } else {
            self = .other
        }
    }

    /// The text, for a string.
    var string: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The number, for a finite number.
    var number: Double? {
        if case .number(let number) = self, number.isFinite { number } else { nil }
    }

    /// The truth value, for a boolean.
    var bool: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The strings of an array (its other elements left out).
    var strings: [String]? {
        if case .array(let values) = self { values.compactMap(\.string) } else { nil }
    }
}
