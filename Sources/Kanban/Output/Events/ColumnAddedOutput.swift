import KanbanCore

/// The `data` of a `columnAdded` event (`kanban log --json`): `{"column": {"id", "name"}, "index"}`.
public struct ColumnAddedOutput: Codable, Sendable, Equatable {
    public var column: ColumnSpecOutput
    /// Its place among the board's columns, 0 = leftmost.
    public var index: Int

    public init(column: ColumnSpecOutput, index: Int) {
        self.column = column
        self.index = index
    }

    /// The form of `event`.
    public init(event: ColumnAdded) {
        self.init(column: ColumnSpecOutput(spec: event.column), index: event.index)
    }
}
