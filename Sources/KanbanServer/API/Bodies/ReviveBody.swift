/// `POST …/cards/{card}/revive`: `{"column"?, "at"?}` (default: where it was).
struct ReviveBody: Decodable, Sendable {
    var column: String?
    var at: Int?
}
