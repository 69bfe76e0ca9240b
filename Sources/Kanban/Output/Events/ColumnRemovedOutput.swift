import KanbanCore

/// The `data` of a `columnRemoved` event (`kanban log --json`): `{"column": {"id", "name"}, "index"}`.
public struct ColumnRemovedOutput: Codable, Sendable, Equatable {
    public var column: ColumnSpecOutput
    /// The place it had among the board's columns, 0 = leftmost.
    public var index: Int

    public init(column: ColumnSpecOutput, index: Int) {
        self.column = column
        self.index = index
    }

    /// The form of `event`.
    public init(event: ColumnRemoved) {
        self.init(column: ColumnSpecOutput(spec: event.column), index: event.index)
    }
}
