/// An empty column was removed from `index`.
public struct ColumnRemoved: Hashable, Sendable {
    public var column: ColumnSpec
    public var index: Int

    public init(column: ColumnSpec, index: Int) {
        self.column = column
        self.index = index
    }
}
