import KanbanCore

/// One card of ``BoardOutput`` (`kanban board --json`):
/// `{"id", "title", "description", "due", "overdue"}`, `due` `null` when there is none.
public struct BoardCardOutput: Codable, Sendable, Equatable {
    /// Its id, as a lowercase UUID.
    public var id: String
    public var title: String
    public var description: String
    /// ISO 8601: `2026-12-01` or `2026-12-01T09:00:00Z`.
    public var due: String?
    /// Whether the due date had passed when the board was read.
    public var overdue: Bool

    public init(id: String, title: String, description: String, due: String?, overdue: Bool) {
        self.id = id
        self.title = title
        self.description = description
        self.due = due
        self.overdue = overdue
    }

    /// The form of `view`.
    public init(view: BoardView.CardView) {
        id = view.card.id.description
        title = view.card.title
        description = view.card.description
        due = view.card.due?.description
        overdue = view.isOverdue
    }

    enum CodingKeys: String, CodingKey {
        case id, title, description, due, overdue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(due, forKey: .due)  // `null`, not absent, when there is none
        try container.encode(overdue, forKey: .overdue)
    }
}
