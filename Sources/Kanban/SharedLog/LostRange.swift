import KanbanCore

/// Positions a node's cache held and its shared log lost (a failover to a standby that had not
/// received them), cut from the cache when the node found out (``EngineSync/lostRanges()``).
/// Their events are kept in the cache, apart from the log (``EngineSync/lostEvents()``).
public struct LostRange: Sendable, Equatable {
    /// The positions lost: the log's end then, plus one, through the cache's end then.
    public let positions: ClosedRange<UInt64>
    /// When the node cut them from its cache.
    public let cutAt: Timestamp

    public init(positions: ClosedRange<UInt64>, cutAt: Timestamp) {
        self.positions = positions
        self.cutAt = cutAt
    }

    /// How many positions were lost.
    public var count: UInt64 { positions.upperBound - positions.lowerBound + 1 }
}
