import KanbanCore

/// The `data` of a `cardDeleted` event (`kanban log --json`): `{"card": {…}, "index"}`, the
/// card as it was.
public struct CardDeletedOutput: Codable, Sendable, Equatable {
    public var card: CardOutput
    /// Where it stood in its column, 0-based.
    public var index: Int

    public init(card: CardOutput, index: Int) {
        self.card = card
        self.index = index
    }

    /// The form of `event`.
    public init(event: CardDeleted) {
        self.init(card: CardOutput(card: event.card), index: event.index)
    }
}
