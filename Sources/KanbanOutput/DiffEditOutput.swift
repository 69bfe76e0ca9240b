import Kanban
import KanbanCore

/// A card whose text or due date changed, in ``DiffOutput`` (`kanban diff --json`):
/// `{"id", "title", "fields"}`.
public struct DiffEditOutput: Codable, Sendable, Equatable {
    /// Its id, as a lowercase UUID.
    public var id: String
    /// Its title at the end.
    public var title: String
    /// Which changed, in this order: `title`, `description`, `due`.
    public var fields: [String]

    public init(id: String, title: String, fields: [String]) {
        self.id = id
        self.title = title
        self.fields = fields
    }

    /// The form of `edit`.
    public init(edit: BoardDiff.Edit) {
        self.init(id: edit.after.id.description, title: edit.after.title, fields: edit.fields)
    }
}
