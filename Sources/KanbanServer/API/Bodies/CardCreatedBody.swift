/// The answer to `POST …/cards`: `{"id", "sequence"}`.
struct CardCreatedBody: Encodable, Sendable {
    var id: String
    var sequence: UInt64
}
