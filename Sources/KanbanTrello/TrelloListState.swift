import Kanban
/// A list as it was in Trello at one point of its history.
struct TrelloListState: Equatable, Sendable {
    var name: String
    /// Its place on the board: lists are ordered by `pos`, then id.
    var pos: Double
    var closed: Bool
}
