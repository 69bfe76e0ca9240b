/// `POST …/cards/{card}/checklist`: `{"text", "checklist"?, "at"?}` (default the checklist
/// "Checklist", after the last item).
struct NewChecklistItemBody: Decodable, Sendable {
    var text: String
    var checklist: String?
    var at: Int?
}
