/// `POST …/cards/{card}/move`: `{"column", "at"?, "before"?, "after"?}`. `before`/`after` name
/// the card the moved one should land before or after; they win over `at` while that card is
/// still in the column, so a drop made on a slightly stale page lands where the user meant.
struct MoveCardBody: Decodable, Sendable {
    var column: String
    var at: Int?
    var before: String?
    var after: String?
}
