/// `POST /api/boards/{board}/cards`: `{"title", "description"?, "due"?, "column"?, "at"?,
/// "before"?, "after"?}`; `before`/`after` win over `at` as they do for a move.
struct NewCardBody: Decodable, Sendable {
    var title: String
    var description: String?
    var due: String?
    var column: String?
    var at: Int?
    var before: String?
    var after: String?
}
