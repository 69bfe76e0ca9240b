import Kanban
/// A checklist item as it was in Trello at one point of its history.
struct TrelloCheckItemState: Equatable, Sendable {
    var id: String
    /// The Trello id of its checklist.
    var checklist: String
    var name: String
    var complete: Bool
    /// Its place in its checklist: items are ordered by `pos`, then id.
    var pos: Double
}
