/// One card of `GET /api/due`: `{"board", "column", "id", "title", "due", "overdue"}`.
struct DueCardOutput: Codable, Sendable, Equatable {
    var board: String
    var column: String
    var id: String
    var title: String
    var due: String
    var overdue: Bool
}
