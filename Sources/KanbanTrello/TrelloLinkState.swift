import Kanban
/// An attachment as Trello describes it: where it is and what it is called.
struct TrelloLinkState: Equatable, Sendable {
    var id: String
    /// Its address (an uploaded file's is the address that downloads it); empty when unknown.
    var url: String
    var name: String
}
