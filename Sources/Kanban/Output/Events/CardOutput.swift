import KanbanCore

/// A whole card as events carry it (`kanban log --json`, in ``CardAddedOutput`` and
/// ``CardDeletedOutput``): `{"id", "column", "key", "title", "description", "due"}`, `due`
/// `null` when there is none.
public struct CardOutput: Codable, Sendable, Equatable {
    /// Its id, as a lowercase UUID.
    public var id: String
    /// The id of the column it stands in.
    public var column: String
    /// Its place in the column: the order key's integer and hex fraction digits, like `3.80`.
    public var key: String
    public var title: String
    public var description: String
    /// ISO 8601: `2026-12-01` or `2026-12-01T09:00:00Z`.
    public var due: String?

    public init(id: String, column: String, key: String, title: String, description: String, due: String?) {
        self.id = id
        self.column = column
        self.key = key
        self.title = title
        self.description = description
        self.due = due
    }

    /// The form of `card`.
    public init(card: Card) {
        self.init(
            id: card.id.description, column: card.column.description, key: card.key.description,
            title: card.title, description: card.description, due: card.due?.description
        )
    }

    enum CodingKeys: String, CodingKey {
        case id, column, key, title, description, due
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(column, forKey: .column)
        try container.encode(key, forKey: .key)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(due, forKey: .due)  // `null`, not absent, when there is none
    }
}
