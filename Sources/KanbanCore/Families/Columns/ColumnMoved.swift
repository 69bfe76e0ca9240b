/// A column moved to another place in its board's list of columns. Indexes are 0-based;
/// `toIndex` is where it stands after the move. `column` carries its name then, so a history
/// line renders alone.
public struct ColumnMoved: Hashable, Sendable {
    public var column: ColumnSpec
    public var fromIndex: Int
    public var toIndex: Int

    public init(column: ColumnSpec, fromIndex: Int, toIndex: Int) {
        self.column = column
        self.fromIndex = fromIndex
        self.toIndex = toIndex
    }
}
