import KanbanCore
import Kanban

/// A card as it was in Trello at one point of its history, with Trello's values uncut.
struct TrelloCardState: Equatable, Sendable {
    var title: String
    var description: String
    var due: Due?
    /// The Trello id of its list.
    var list: String
    /// Its place in the list: lists are ordered by `pos`, then id.
    var pos: Double
    /// Archived: our deleted card, which can come back.
    var closed: Bool
}
