import KanbanCore

/// `PATCH …/cards/{card}/checklist/{item}`: exactly one of `{"text"}` (rename), `{"done"}`
/// (check or uncheck) or `{"at"}` (move); none, or more than one, is a 400.
struct ChecklistItemPatchBody: Decodable, Sendable {
    var text: String?
    var done: Bool?
    var at: Int?

    /// The command for item `item` of card `card` on board `board`.
    func command(board: String, card: String, item: String) throws -> Command {
        switch (text, done, at) {
        case (let text?, nil, nil): .renameChecklistItem(board: board, card: card, item: item, text: text)
        case (nil, let done?, nil): .checkChecklistItem(board: board, card: card, item: item, done: done)
        case (nil, nil, let index?): .moveChecklistItem(board: board, card: card, item: item, index: index)
        default: throw APIError(.badRequest, #"send exactly one of "text", "done" or "at""#)
        }
    }
}
