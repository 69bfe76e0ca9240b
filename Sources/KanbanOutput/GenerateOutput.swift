import Kanban
/// What `kanban generate --json` prints: `{"events", "seconds", "eventsPerSecond"}`.
public struct GenerateOutput: Codable, Sendable, Equatable {
    /// The log's events after the run (its last sequence number).
    public var events: Int
    /// Wall-clock seconds the run took.
    public var seconds: Double
    /// Events appended per second, rounded to a whole number.
    public var eventsPerSecond: Double

    public init(events: Int, seconds: Double, eventsPerSecond: Double) {
        self.events = events
        self.seconds = seconds
        self.eventsPerSecond = eventsPerSecond
    }

    /// The form of `report`.
    public init(report: ReplayReport) {
        self.init(events: report.events, seconds: report.seconds, eventsPerSecond: report.eventsPerSecond.rounded())
    }
}
