/// A column was added to a board at `index` (0 = leftmost).
public struct ColumnAdded: Hashable, Sendable {
    public var column: ColumnSpec
    public var index: Int

    public init(column: ColumnSpec, index: Int) {
        self.column = column
        self.index = index
    }
}
