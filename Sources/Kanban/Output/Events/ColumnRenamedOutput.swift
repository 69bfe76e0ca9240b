import KanbanCore

/// The `data` of a `columnRenamed` event (`kanban log --json`): `{"column", "from", "to"}`,
/// `column` the column's id.
public struct ColumnRenamedOutput: Codable, Sendable, Equatable {
    /// The column's id, as a lowercase UUID.
    public var column: String
    public var from: String
    public var to: String

    public init(column: String, from: String, to: String) {
        self.column = column
        self.from = from
        self.to = to
    }

    /// The form of `event`.
    public init(event: ColumnRenamed) {
        self.init(column: event.column.description, from: event.from, to: event.to)
    }
}
