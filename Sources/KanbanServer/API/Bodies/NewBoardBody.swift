/// `POST /api/boards`: `{"name", "columns"?}` (default TODO, DOING, DONE).
struct NewBoardBody: Decodable, Sendable {
    var name: String
    var columns: [String]?
}
