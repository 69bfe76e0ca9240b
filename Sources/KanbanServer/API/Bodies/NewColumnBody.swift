/// `POST /api/boards/{board}/columns`: `{"name", "at"?}` (default: after the last).
struct NewColumnBody: Decodable, Sendable {
    var name: String
    var at: Int?
}
