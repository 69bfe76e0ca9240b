import KanbanCore

/// The `data` of a `columnMoved` event (`kanban log --json`): `{"column": {"id", "name"}, "fromIndex", "toIndex"}`.
public struct ColumnMovedOutput: Codable, Sendable, Equatable {
    public var column: ColumnSpecOutput
    /// Its place among the board's columns before, 0 = leftmost.
    public var fromIndex: Int
    /// Its place after.
    public var toIndex: Int

    public init(column: ColumnSpecOutput, fromIndex: Int, toIndex: Int) {
        self.column = column
        self.fromIndex = fromIndex
        self.toIndex = toIndex
    }

    /// The form of `event`.
    public init(event: ColumnMoved) {
        self.init(column: ColumnSpecOutput(spec: event.column), fromIndex: event.fromIndex, toIndex: event.toIndex)
    }
}
