/// The `args` of a mutation as `POST /api/sync/push` reads them: only the keys a mutation
/// uses are written; `due` is a date, or `null` to remove it (an edit), or left out.
public struct MutationArgumentsWire: Codable, Sendable, Equatable {
    public var board: String?
    public var card: String?
    public var title: String?
    public var description: String?
    /// `nil`: left out; `.some(nil)`: `null` (an edit that removes the due date).
    public var due: String??
    public var column: String?
    public var at: Int?
    public var before: String?
    public var after: String?
    public var force: Bool?
    public var name: String?
    public var to: String?
    public var columns: [String]?

    public init() {}

    private enum CodingKeys: String, CodingKey {
        case board, card, title, description, due, column, at, before, after, force, name, to, columns
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        board = try container.decodeIfPresent(String.self, forKey: .board)
        card = try container.decodeIfPresent(String.self, forKey: .card)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        if container.contains(.due) {
            due = .some(try container.decodeNil(forKey: .due) ? nil : try container.decode(String.self, forKey: .due))
        }
        column = try container.decodeIfPresent(String.self, forKey: .column)
        at = try container.decodeIfPresent(Int.self, forKey: .at)
        before = try container.decodeIfPresent(String.self, forKey: .before)
        after = try container.decodeIfPresent(String.self, forKey: .after)
        force = try container.decodeIfPresent(Bool.self, forKey: .force)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        to = try container.decodeIfPresent(String.self, forKey: .to)
        columns = try container.decodeIfPresent([String].self, forKey: .columns)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(board, forKey: .board)
        try container.encodeIfPresent(card, forKey: .card)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(description, forKey: .description)
        if let due {
            if let due { try container.encode(due, forKey: .due) } else { try container.encodeNil(forKey: .due) }
        }
        try container.encodeIfPresent(column, forKey: .column)
        try container.encodeIfPresent(at, forKey: .at)
        try container.encodeIfPresent(before, forKey: .before)
        try container.encodeIfPresent(after, forKey: .after)
        try container.encodeIfPresent(force, forKey: .force)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(to, forKey: .to)
        try container.encodeIfPresent(columns, forKey: .columns)
    }
}
