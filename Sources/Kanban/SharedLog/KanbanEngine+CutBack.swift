import KanbanCore
import LMDBStorage

/// A node whose shared log lost its tail — an asynchronous standby promoted before it had
/// received the last commits — cuts its cache back to the log's prefix and goes on.
///
/// The cut removes the lost events from the log of the cache and from what is built on them
/// (audit tree, history index, snapshots past the cut, backdated ranges), empties the caches
/// of what the shared log keeps (answers, clients' positions: the log's own are fetched again),
/// keeps the lost events apart in the `node` database (``CacheCuts``) and counts the cut, so
/// that states and snapshots made before it are known stale. A warning names the positions;
/// ``EngineSync/lostRanges()`` lists them, `/metrics` counts them, `kanban audit lost` lists them;
/// live streams that had passed the cut end, and start again with a reset.
extension KanbanEngine {
    /// Cuts the cache back, in `transaction`, to the longest prefix it shares with the log
    /// `reader` reads, at most `end` events (the log's end, or the last position known to
    /// differ, less one): the positions after it that the cache holds were lost. Returns them.
    /// Throws ``SharedLogError/notACache(path:detail:)`` when not even the first event is the
    /// log's, or the prefix does not pass ``checkCachePrefix(of:through:in:)``; an engine
    /// that cannot cut (a cache opened without its shared log) throws
    /// ``SharedLogError/lostTail(path:logEnd:cacheEnd:)``.
    @discardableResult
    func cutBack(of reader: any LogReading, through end: UInt64, in transaction: WriteTransaction) throws -> LostRange {
        let local = try log.lastSequence(in: transaction)
        let logEnd = try commonPrefix(with: reader, through: min(end, local), in: transaction)
        guard logEnd > 0 else {
            throw SharedLogError.notACache(path: path, detail: "its event 1 differs from the shared log's, or the log has none")
        }
        guard local > logEnd else {
            // The two end alike: what parts them lies further back (a log rewritten there), not a lost tail.
            try checkCachePrefix(of: reader, through: local, in: transaction)
            throw SharedLogError.notACache(path: path, detail: "it parts from the shared log before its last events")
        }
        // A failover loses a tail: after where the two part, the log never holds the cache's own
        // events again. One that does was rewritten there, and is refused.
        var rejoins: UInt64?
        try reader.forEachStored(after: logEnd + 1) { position, bytes in
            guard position <= local else { return false }
            if try cacheHolds(bytes, at: position, in: transaction) {
                rejoins = position
                return false
            }
            return true
        }
        if let rejoins {
            throw SharedLogError.notACache(
                path: path, detail: "its event \(logEnd + 1) differs from the shared log's, and its event \(rejoins) is the log's again: the log was rewritten there"
            )
        }
        guard let cacheCuts, !cacheCuts.emptied.isEmpty else { throw lostTail(logEnd: logEnd, cacheEnd: local) }
        // Every event through `logEnd` is the log's: anything else is another log, not a lost tail.
        try checkCachePrefix(of: reader, through: logEnd, in: transaction)
        var events: [(position: UInt64, bytes: [UInt8])] = []
        try log.forEachRaw(after: logEnd, in: transaction) { position, bytes in
            events.append((position, Array(bytes)))
            return true
        }
        let lost = LostRange(positions: (logEnd + 1)...local, cutAt: clock())
        // The index reads the events it drops: before they leave the log.
        try historyIndex.truncate(after: logEnd, of: log, in: transaction)
        try auditTree.truncate(to: logEnd, in: transaction)
        try log.removeAll(after: logEnd, in: transaction)
        for snapshot in try snapshotStore.list(in: transaction) where snapshot.sequence > logEnd {
            try snapshotStore.remove(snapshot.sequence, in: transaction)
        }
        try sharedBackdated?.removeAll(startingAfter: logEnd, in: transaction)
        try cacheCuts.record(lost, events: events, in: transaction)
        // Checked through `logEnd` above: the cache is a prefix of the log now.
        sharedCacheChecked.withLock { $0 = true }
        // Counted over the lost events: counted again from the start.
        store.forgetCountedHeads()
        sharedHeads.withLock { $0 = BoardHeads() }
        lostSharedPositions.withLock { $0 = lost.positions }
        cutsMade.withLock { $0 += 1 }
        options.warn(
            "the shared log ends at position \(logEnd), before this node's cache (through \(local)): positions "
                + "\(lost.positions.lowerBound)…\(local) were lost (most likely in a failover to a standby that had not received them); "
                + "the cache is cut back to \(logEnd) and keeps their \(events.count) events apart (kanban audit lost --db \(path) lists them)"
        )
        return lost
    }

    /// The longest prefix of at most `end` events that the cache shares with the log `reader`
    /// reads, found from `end` back (a lost tail is short): windows of positions compared
    /// event by event, each four times the last. Only where the two part is looked for; the
    /// prefix before it is checked by the caller.
    func commonPrefix(with reader: any LogReading, through end: UInt64, in transaction: some Transaction) throws -> UInt64 {
        var high = end
        var window: UInt64 = 64
        while high > 0 {
            let low = high > window ? high - window : 0
            var next = low + 1
            try reader.forEachStored(after: low) { position, bytes in
                guard position <= high, position == next, try cacheHolds(bytes, at: position, in: transaction) else { return false }
                next += 1
                return true
            }
            // `next - 1`: the last position of the window both hold alike.
            if next - 1 > low { return next - 1 }
            high = low
            window = window.multipliedReportingOverflow(by: 4).overflow ? .max : window * 4
        }
        return 0
    }

    /// How often a node asks the log which positions failovers lost (``LogReading/lostPositions()``).
    static let lostPositionsRefresh: Duration = .seconds(5)

    /// Whether the follower's next catch-up should ask the log which positions were lost.
    func isDueToLearnLostPositions() -> Bool {
        guard options.sharedLog != nil else { return false }
        return lostPositionsInLog.withLock { $0.learnedAt.map { ContinuousClock.now - $0 >= Self.lostPositionsRefresh } ?? true }
    }

    /// Records in the log `store` that it lost `positions`, in a write of its own (a failure is
    /// warned about: the cut stands, and only nodes that never held them miss the record).
    /// This node's own cuts it knows from its cache (``EngineSync/lostRanges()``).
    func recordLost(_ positions: ClosedRange<UInt64>, in store: any LogStore) {
        do {
            try Self.sharedLogFailures { try store.write { try $0.recordLostPositions(positions) } }
        } catch {
            options.warn("the shared log was not told that positions \(positions.lowerBound)…\(positions.upperBound) were lost: \(error)")
        }
    }

    /// Whether a live reader that saw `cuts` cuts of this engine must start again.
    func hasCutSince(_ cuts: UInt64) -> Bool {
        cutsMade.withLock { $0 } != cuts
    }
}
