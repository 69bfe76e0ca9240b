/// The end of a column, as adding a card there needs it: how many cards the column holds and
/// the order key of its last one.
public struct ColumnEnd: Sendable, Equatable {
    /// The number of live cards in the column.
    public var count: Int
    /// The key of the last card, `nil` when the column is empty.
    public var lastKey: OrderKey?

    public init(count: Int, lastKey: OrderKey?) {
        self.count = count
        self.lastKey = lastKey
    }

    /// An empty column's end.
    public static let empty = ColumnEnd(count: 0, lastKey: nil)
}
