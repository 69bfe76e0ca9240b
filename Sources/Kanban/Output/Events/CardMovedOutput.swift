import KanbanCore

/// The `data` of a `cardMoved` event (`kanban log --json`):
/// `{"card", "title", "from", "fromIndex", "to", "toIndex", "key"}`, `card`, `from` and `to` ids.
public struct CardMovedOutput: Codable, Sendable, Equatable {
    /// The card's id, as a lowercase UUID.
    public var card: String
    public var title: String
    /// The id of the column it left.
    public var from: String
    public var fromIndex: Int
    /// The id of the column it went to (the same for a reorder).
    public var to: String
    /// Its place in the target column, counted without it.
    public var toIndex: Int
    /// Its new order key, like `3.80`.
    public var key: String

    /// The form of `event`.
    public init(event: CardMoved) {
        card = event.card.description
        title = event.title
        from = event.from.description
        fromIndex = event.fromIndex
        to = event.to.description
        toIndex = event.toIndex
        key = event.key.description
    }
}
