import KanbanCore
import Kanban

/// What one Trello action (or, for the board as it was before the oldest kept action, the import
/// itself) does to our board: operations made by one actor at one moment.
struct TrelloStep: Hashable, Sendable {
    /// When it happened in Trello: the events' valid time.
    var time: Timestamp
    /// Who did it: the Trello member's username (else full name, else id), or ``TrelloPlan/importActor``.
    var actor: String
    /// The Trello action's id; `nil` for the board as it was before the oldest kept action.
    var action: String?
    var operations: [TrelloOperation]
}
