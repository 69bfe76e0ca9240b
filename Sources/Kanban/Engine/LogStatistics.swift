/// Counts for `kanban stats`.
public struct LogStatistics: Sendable, Equatable {
    /// Events in the log.
    public var events: Int
    /// The last sequence number.
    public var lastSequence: UInt64
    /// Live cards across all boards.
    public var liveCards: Int
    /// Live boards.
    public var boards: Int
    /// The size of `data.mdb` in bytes.
    public var databaseBytes: Int
    /// The current size of the memory map in bytes.
    public var mapBytes: Int
}
