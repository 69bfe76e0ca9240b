import Kanban
import KanbanCore

/// `{"id": …}`: the card `kanban add --json` added.
public struct AddedCardOutput: Codable, Sendable, Equatable {
    /// The new card's id, as a lowercase UUID.
    public var id: String

    public init(id: String) {
        self.id = id
    }

    /// The form of the card `id`.
    public init(card id: CardID) {
        self.id = id.description
    }
}
