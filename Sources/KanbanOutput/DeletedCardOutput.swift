import Kanban
import KanbanCore

/// A card deleted and not brought back since, as `kanban deleted --json` prints it (and the
/// server's deleted-cards list): `{"id", "title", "description", "due", "column", "index",
/// "sequence", "time", "actor"}` — `column` is its column's name now, `null` when that column
/// was removed; `sequence`, `time` and `actor` are those of the deletion.
public struct DeletedCardOutput: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var description: String
    /// The due date as `kanban board --json` writes it, or `null`.
    public var due: String?
    public var column: String?
    /// Where it stood in its column, 0-based.
    public var index: Int
    public var sequence: UInt64
    public var time: String
    public var actor: String

    /// The form of `deleted`, naming its column from `columnNames` (column id → name now).
    public init(deleted: DeletedCard, columnNames: [ColumnID: String]) {
        id = deleted.card.id.description
        title = deleted.card.title
        description = deleted.card.description
        due = deleted.card.due?.description
        column = columnNames[deleted.card.column]
        index = deleted.index
        sequence = deleted.sequence
        time = deleted.timestamp.description
        actor = deleted.actor
    }

    enum CodingKeys: String, CodingKey {
        case id, title, description, due, column, index, sequence, time, actor
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(due, forKey: .due) // null, not absent
        try container.encode(column, forKey: .column)
        try container.encode(index, forKey: .index)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(time, forKey: .time)
        try container.encode(actor, forKey: .actor)
    }
}
