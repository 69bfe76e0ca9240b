import KanbanCore

/// The `data` of a `boardRenamed` event (`kanban log --json`): `{"from", "to"}`.
public struct BoardRenamedOutput: Codable, Sendable, Equatable {
    public var from: String
    public var to: String

    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    /// The form of `event`.
    public init(event: BoardRenamed) {
        self.init(from: event.from, to: event.to)
    }
}
