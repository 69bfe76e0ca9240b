/// `PUT …/cards/{card}/due-done`: `{"done"}`, whether the card's due date is done.
struct DueDoneBody: Decodable, Sendable {
    var done: Bool
}
