/// How long rebuilding the state from the log took.
public struct ReplayReport: Sendable, Equatable {
    /// The events the state covers (the log's last sequence number).
    public var events: Int
    /// Wall-clock seconds, from the first read to a ready state.
    public var seconds: Double
    /// The snapshot the state was built from, `nil` for the whole log.
    public var snapshot: UInt64?
    /// Events replayed after the snapshot (all of them without one).
    public var tailEvents: Int

    public init(events: Int, seconds: Double, snapshot: UInt64? = nil, tailEvents: Int? = nil) {
        self.events = events
        self.seconds = seconds
        self.snapshot = snapshot
        self.tailEvents = tailEvents ?? events
    }

    /// Events replayed per second (0 for none): the tail's rate, so a snapshot does not inflate it.
    public var eventsPerSecond: Double { seconds > 0 ? Double(tailEvents) / seconds : 0 }
}
