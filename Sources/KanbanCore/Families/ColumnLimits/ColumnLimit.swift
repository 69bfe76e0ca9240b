/// A column's work in progress limit: the most cards it should hold and whether it enforces it.
/// A plain limit only warns (the board shows the column over it); a strict one refuses an add,
/// a move into the column or a revival into it that would put it over.
public struct ColumnLimit: Hashable, Sendable {
    /// The most cards the column should hold (``Limits/columnLimits``).
    public var cards: Int
    /// Whether the column refuses cards over the limit.
    public var isStrict: Bool

    public init(_ cards: Int, strict: Bool = false) {
        self.cards = cards
        self.isStrict = strict
    }
}
