/// `POST /api/undo` and `/api/redo`: `{"force"?}`.
struct UndoBody: Decodable, Sendable {
    var force: Bool?
}
