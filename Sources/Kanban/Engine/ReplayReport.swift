/// How long rebuilding the state from the log took.
public struct ReplayReport: Sendable, Equatable {
    /// Events replayed.
    public var events: Int
    /// Wall-clock seconds, from the first read to a ready state.
    public var seconds: Double

    public init(events: Int, seconds: Double) {
        self.events = events
        self.seconds = seconds
    }

    /// Events per second (0 for an empty log).
    public var eventsPerSecond: Double { seconds > 0 ? Double(events) / seconds : 0 }
}
