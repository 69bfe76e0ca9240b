import Kanban
import KanbanCore

/// A card added or removed, in ``DiffOutput`` (`kanban diff --json`): `{"id", "title"}`.
public struct DiffCardOutput: Codable, Sendable, Equatable {
    /// Its id, as a lowercase UUID.
    public var id: String
    public var title: String

    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }

    /// The form of `card`.
    public init(card: Card) {
        self.init(id: card.id.description, title: card.title)
    }
}
