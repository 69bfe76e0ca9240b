import KanbanCore

/// A column's identity and name as board and column events carry them (`kanban log --json`):
/// `{"id", "name"}`.
public struct ColumnSpecOutput: Codable, Sendable, Equatable {
    /// Its id, as a lowercase UUID.
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    /// The form of `spec`.
    public init(spec: ColumnSpec) {
        self.init(id: spec.id.description, name: spec.name)
    }
}
