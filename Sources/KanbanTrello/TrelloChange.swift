import Kanban
/// What one Trello action changed, as the history walk finds it: the card, list or board after it.
enum TrelloChange: Sendable {
    /// A card action: the card right after it (`nil`: off the board — deleted or moved to another board).
    case card(id: String, after: TrelloCardState?)
    /// A list action (`createList`, `updateList`): the list right after it, archived (`closed`) or not.
    case list(id: String, after: TrelloListState)
    /// A list moved here from another board (`moveListToBoard`), with the cards it brought, as
    /// they were then, by Trello id.
    case listArrival(id: String, after: TrelloListState, cards: [String: TrelloCardState])
    /// A list moved to another board (`moveListFromBoard`): it goes with the cards in it.
    case listDeparture(id: String)
    /// The board renamed (`updateBoard` with an old `name`): its name right after.
    case boardName(String)
    /// The board closed (archived) or reopened in Trello (`updateBoard` with an old `closed`):
    /// whether it is closed right after. Our boards are never closed: nothing on the board changes.
    case boardClosed(Bool)
    /// The action that made the board (`createBoard`, or the `copyBoard` that made it a copy).
    case boardMade
    /// An action that changes no card, list or board name: it may change details (``TrelloDetailChange``).
    case notImported
}
