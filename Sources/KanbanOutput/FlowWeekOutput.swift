import Kanban
/// One week of throughput: `{"week": "2026-W47", "done": 4}`.
public struct FlowWeekOutput: Codable, Sendable, Equatable {
    /// The ISO 8601 week.
    public var week: String
    /// Cards that first arrived in the last column that week.
    public var done: Int

    public init(week: String, done: Int) {
        self.week = week
        self.done = done
    }
}
