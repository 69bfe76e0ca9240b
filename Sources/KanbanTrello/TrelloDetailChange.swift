import Kanban
/// What one Trello action changed of a card's or the board's details, as the history walk finds
/// it: the detail right after it (`nil`: gone), or the members and labels put on and taken off.
enum TrelloDetailChange: Sendable {
    /// Members (by id) assigned to and unassigned from a card.
    case members(card: String, added: [String], removed: [String])
    /// Labels (by id) put on and taken off a card.
    case labels(card: String, added: [String], removed: [String])
    /// A card's due date marked done or not done.
    case dueComplete(card: String, done: Bool)
    case comment(card: String, id: String, after: TrelloCommentState?)
    case item(card: String, id: String, after: TrelloCheckItemState?)
    /// A checklist added (with the items it came with), renamed, moved or removed (`nil`).
    case checklist(card: String, id: String, after: TrelloChecklistState?, items: [TrelloCheckItemState])
    case link(card: String, id: String, after: TrelloLinkState?)
    case boardLabel(id: String, after: TrelloLabelState?)
    /// A member (by id) who is, or is no longer, a member of the board.
    case boardMember(id: String, present: Bool)
}
