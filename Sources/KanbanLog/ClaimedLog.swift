import KanbanCore

/// What ``LogWriting/claimLog(after:limit:)`` returns: the log's last position once the claim is
/// the caller's, and what a cache ending at ``cacheEnd`` needs to catch up to it.
public struct ClaimedLog: Sendable {
    /// The log's last position (every board's), as ``LogWriting/claimLog()`` returns it.
    public var position: UInt64
    /// The stored bytes of the event at ``position``, when the store said them (`nil` for an
    /// empty log, or a store or read that does not reach it).
    public var lastEvent: [UInt8]?
    /// Where the caller's cache ended: ``entries`` start at this position (at 1 when it is 0).
    public var cacheEnd: UInt64
    /// The stored events from ``cacheEnd`` on, in order, at most the limit asked for.
    public var entries: [(position: UInt64, bytes: [UInt8])]
    /// The backdated ranges that start after ``cacheEnd``, in order.
    public var backdated: [BackdatedRange]

    public init(
        position: UInt64, lastEvent: [UInt8]?, cacheEnd: UInt64, entries: [(position: UInt64, bytes: [UInt8])], backdated: [BackdatedRange]
    ) {
        self.position = position
        self.lastEvent = lastEvent
        self.cacheEnd = cacheEnd
        self.entries = entries
        self.backdated = backdated
    }

    /// Whether the cache needs nothing after ``entries``: it reaches ``position`` already, or
    /// they do (otherwise read on from their last).
    public var reachesPosition: Bool {
        cacheEnd >= position || entries.last?.position == position
    }
}
