import Kanban
/// What `kanban replay --json` prints:
/// `{"events", "seconds", "eventsPerSecond", "snapshot", "tailEvents"}`, `snapshot` `null` for a
/// replay of the whole log.
public struct ReplayOutput: Codable, Sendable, Equatable {
    /// The events the state covers (the log's last sequence number).
    public var events: Int
    /// Wall-clock seconds, from the first read to a ready state.
    public var seconds: Double
    /// Events replayed per second (the tail's), rounded to a whole number.
    public var eventsPerSecond: Double
    /// The snapshot the state was built from, `nil` for the whole log.
    public var snapshot: UInt64?
    /// Events replayed after the snapshot (all of them without one).
    public var tailEvents: Int

    public init(events: Int, seconds: Double, eventsPerSecond: Double, snapshot: UInt64?, tailEvents: Int) {
        self.events = events
        self.seconds = seconds
        self.eventsPerSecond = eventsPerSecond
        self.snapshot = snapshot
        self.tailEvents = tailEvents
    }

    /// The form of `report`.
    public init(report: ReplayReport) {
        self.init(
            events: report.events, seconds: report.seconds, eventsPerSecond: report.eventsPerSecond.rounded(),
            snapshot: report.snapshot, tailEvents: report.tailEvents
        )
    }

    enum CodingKeys: String, CodingKey {
        case events, seconds, eventsPerSecond, snapshot, tailEvents
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(events, forKey: .events)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(eventsPerSecond, forKey: .eventsPerSecond)
        try container.encode(snapshot, forKey: .snapshot)  // `null` for the whole log
        try container.encode(tailEvents, forKey: .tailEvents)
    }
}
