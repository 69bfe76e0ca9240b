import Kanban
/// Something an action names by id, with the name it had then: `data.list`, `data.listAfter`,
/// `data.board`, `data.boardSource`.
struct TrelloReference: Decodable, Sendable {
    var id: String?
    var name: String?
}
