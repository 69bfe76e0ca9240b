import KanbanCore

/// A column and how many cards it holds: `{"name", "cards"}`, as `kanban columns --json` lists
/// them and ``BoardSummaryOutput`` (`kanban boards --json`) carries them.
public struct ColumnSummaryOutput: Codable, Sendable, Equatable {
    public var name: String
    /// How many cards it holds.
    public var cards: Int

    public init(name: String, cards: Int) {
        self.name = name
        self.cards = cards
    }

    /// The form of `view`: its name and card count.
    public init(view: BoardView.ColumnView) {
        self.init(name: view.name, cards: view.cards.count)
    }
}
