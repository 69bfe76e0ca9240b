/// `PATCH` of a board or a column: `{"name"}`, its new name.
struct NameBody: Decodable, Sendable {
    var name: String
}
