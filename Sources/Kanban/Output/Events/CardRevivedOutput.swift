import KanbanCore

/// The `data` of a `cardRevived` event (`kanban log --json`): `{"card": {…}, "index"}`, the card
/// as it came back and where it landed.
public struct CardRevivedOutput: Codable, Sendable, Equatable {
    public var card: CardOutput
    /// Where it landed in its column, 0-based.
    public var index: Int

    public init(card: CardOutput, index: Int) {
        self.card = card
        self.index = index
    }

    /// The form of `event`.
    public init(event: CardRevived) {
        self.init(card: CardOutput(card: event.card), index: event.index)
    }
}
