/// One board as `kanban boards --json` lists it: `{"name", "columns": [{"name", "cards"}], "cards"}`,
/// `cards` counting the cards of all its columns.
public struct BoardSummaryOutput: Codable, Sendable, Equatable {
    public var name: String
    /// Its columns, left to right, with their card counts.
    public var columns: [ColumnSummaryOutput]
    /// Its live cards.
    public var cards: Int

    public init(name: String, columns: [ColumnSummaryOutput], cards: Int) {
        self.name = name
        self.columns = columns
        self.cards = cards
    }

    /// A board named `name` with `columns`; `cards` is their sum.
    public init(name: String, columns: [ColumnSummaryOutput]) {
        self.init(name: name, columns: columns, cards: columns.reduce(0) { $0 + $1.cards })
    }
}
