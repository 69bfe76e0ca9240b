/// What one Trello action changed, as the history walk finds it: the card or list after it.
enum TrelloChange: Sendable {
    /// A card action: the card right after it (`nil`: off the board — deleted or moved to another board).
    case card(id: String, after: TrelloCardState?)
    /// A list action: the list right after it.
    case list(id: String, after: TrelloListState)
    /// An action that changes no card or list: it may change details (``TrelloDetailChange``).
    case notImported
}
