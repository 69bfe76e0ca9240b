import KanbanCore

/// One column of ``BoardOutput`` (`kanban board --json`): `{"name", "cards": […]}`, and
/// `limit` when it has a work in progress limit.
public struct BoardColumnOutput: Codable, Sendable, Equatable {
    public var name: String
    /// Its cards, top to bottom.
    public var cards: [BoardCardOutput]
    /// Its work in progress limit; absent when it has none.
    public var limit: Int?

    public init(name: String, cards: [BoardCardOutput], limit: Int? = nil) {
        self.name = name
        self.cards = cards
        self.limit = limit
    }

    /// The form of `view`.
    public init(view: BoardView.ColumnView) {
        name = view.name
        cards = view.cards.map(BoardCardOutput.init(view:))
        limit = view.limit
    }
}
