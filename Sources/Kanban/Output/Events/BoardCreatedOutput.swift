import KanbanCore

/// The `data` of a `boardCreated` event (`kanban log --json`): `{"name", "columns": [{"id", "name"}]}`.
public struct BoardCreatedOutput: Codable, Sendable, Equatable {
    public var name: String
    /// Its first columns, left to right.
    public var columns: [ColumnSpecOutput]

    public init(name: String, columns: [ColumnSpecOutput]) {
        self.name = name
        self.columns = columns
    }

    /// The form of `event`.
    public init(event: BoardCreated) {
        self.init(name: event.name, columns: event.columns.map(ColumnSpecOutput.init(spec:)))
    }
}
