/// `POST …/cards/{card}/links`: `{"url", "name"?}` (default name: the address).
struct NewLinkBody: Decodable, Sendable {
    var url: String
    var name: String?
}
