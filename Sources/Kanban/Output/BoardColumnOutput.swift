import KanbanCore

/// One column of ``BoardOutput`` (`kanban board --json`): `{"name", "cards": […]}`.
public struct BoardColumnOutput: Codable, Sendable, Equatable {
    public var name: String
    /// Its cards, top to bottom.
    public var cards: [BoardCardOutput]

    public init(name: String, cards: [BoardCardOutput]) {
        self.name = name
        self.cards = cards
    }

    /// The form of `view`.
    public init(view: BoardView.ColumnView) {
        name = view.name
        cards = view.cards.map(BoardCardOutput.init(view:))
    }
}
