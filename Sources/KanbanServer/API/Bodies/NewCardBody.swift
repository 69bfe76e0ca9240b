/// `POST /api/boards/{board}/cards`: `{"title", "description"?, "due"?, "column"?, "at"?}`.
struct NewCardBody: Decodable, Sendable {
    var title: String
    var description: String?
    var due: String?
    var column: String?
    var at: Int?
}
