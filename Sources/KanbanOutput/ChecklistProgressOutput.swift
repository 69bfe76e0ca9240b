import Kanban
/// How far a card's checklist is: `{"done", "total"}`.
public struct ChecklistProgressOutput: Codable, Sendable, Equatable {
    public var done: Int
    public var total: Int

    public init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }
}
