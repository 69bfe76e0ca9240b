import KanbanCore

/// The `data` of a `cardAdded` event (`kanban log --json`): `{"card": {…}, "index"}`.
public struct CardAddedOutput: Codable, Sendable, Equatable {
    public var card: CardOutput
    /// Where it landed in its column, 0-based.
    public var index: Int

    public init(card: CardOutput, index: Int) {
        self.card = card
        self.index = index
    }

    /// The form of `event`.
    public init(event: CardAdded) {
        self.init(card: CardOutput(card: event.card), index: event.index)
    }
}
