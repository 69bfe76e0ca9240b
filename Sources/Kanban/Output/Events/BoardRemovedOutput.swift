import KanbanCore

/// The `data` of a `boardRemoved` event (`kanban log --json`): `{"name", "columns": [{"id", "name"}]}`.
public struct BoardRemovedOutput: Codable, Sendable, Equatable {
    public var name: String
    /// The columns it had, left to right.
    public var columns: [ColumnSpecOutput]

    public init(name: String, columns: [ColumnSpecOutput]) {
        self.name = name
        self.columns = columns
    }

    /// The form of `event`.
    public init(event: BoardRemoved) {
        self.init(name: event.name, columns: event.columns.map(ColumnSpecOutput.init(spec:)))
    }
}
