/// `POST /api/session`: `{"token"}`.
struct SessionBody: Decodable, Sendable {
    var token: String
}
