import KanbanCore

/// A column and how many cards it holds: `{"name", "cards", "count"}` (`count` and `cards` are
/// the same number: the server's API names it `count`), as `kanban columns --json` lists them and
/// ``BoardSummaryOutput`` (`kanban boards --json`, `GET /api/boards`) carries them.
public struct ColumnSummaryOutput: Codable, Sendable, Equatable {
    public var name: String
    /// How many cards it holds.
    public var cards: Int
    /// How many cards it holds (the API's name for ``cards``).
    public var count: Int

    public init(name: String, cards: Int) {
        self.name = name
        self.cards = cards
        count = cards
    }

    /// The form of `view`: its name and card count.
    public init(view: BoardView.ColumnView) {
        self.init(name: view.name, cards: view.cards.count)
    }
}
