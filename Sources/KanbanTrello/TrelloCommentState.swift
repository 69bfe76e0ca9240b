import Kanban
/// A comment as it was in Trello at one point of its history.
struct TrelloCommentState: Equatable, Sendable {
    /// The Trello id of the action that wrote it.
    var id: String
    /// The name its author's actions are recorded under (uncut).
    var author: String
    /// The author's Trello id, or the name when the export gives none.
    var authorID: String
    var text: String
}
