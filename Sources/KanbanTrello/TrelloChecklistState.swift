import Kanban
/// A checklist as it was in Trello at one point of its history: its name, and its place among
/// the card's checklists (ordered by `pos`, then id).
struct TrelloChecklistState: Equatable, Sendable {
    var name: String
    var pos: Double
}
