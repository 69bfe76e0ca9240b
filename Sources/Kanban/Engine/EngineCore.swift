import KanbanCore

/// The mutable part of an engine, guarded by its mutex.
struct EngineCore: Sendable {
    /// The projection, up to `state.lastSequence`.
    var state = KanbanState()
    /// The timestamp of the last event applied.
    var lastTimestamp = Timestamp(millisecondsSinceEpoch: 0)
    /// Set while `state` holds events of a write that may not have committed; the next catch-up
    /// then rebuilds the state from the log rather than trust it.
    var isDirty = false
    /// Where fresh card, board and column ids come from.
    var ids = SystemRandomNumberGenerator()
    /// The snapshot the state was built from (`nil`: from the start of the log).
    var snapshot: UInt64?
    /// Events applied on top of that snapshot (or from the start).
    var tailEvents = 0
    /// The newest snapshot stored or scheduled; `nil` until looked up.
    var newestSnapshot: UInt64?

    /// How many times the node's cache had been cut back when the state was started
    /// (``CacheCuts``); 0 for a database that is no node's cache.
    var cuts: UInt64 = 0

    init(newestSnapshot: UInt64? = nil, cuts: UInt64 = 0) {
        self.newestSnapshot = newestSnapshot
        self.cuts = cuts
    }

    mutating func apply(_ event: RecordedEvent) {
        state.apply(event)
        if event.timestamp > lastTimestamp { lastTimestamp = event.timestamp }
    }
}
