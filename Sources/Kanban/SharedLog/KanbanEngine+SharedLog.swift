import KanbanCore
import LMDBStorage

/// An engine on a shared log (``EngineOptions/sharedLog``): its LMDB database is a node-local
/// cache of the log — a prefix of it, by position — and the projections (state, audit tree,
/// history index, snapshots) are built from it as they always are.
///
/// A write claims the shared log (``LogWriting/claimLog()``: writers on other nodes wait),
/// copies what other nodes appended since the cache's end into the cache, decides its commands
/// on that state, then appends its events to the shared log with each board's expected head,
/// with its answers and mutations, and commits there before committing here. A crash between
/// the two commits loses nothing: the next catch-up copies the events back. Between writes,
/// ``catchUp(from:limit:)`` brings the cache up to the log (a follower, on wake-ups). Before
/// either first touches the log, the cache's whole prefix is checked against it
/// (``checkCachePrefix(of:through:in:)``).
extension KanbanEngine {
    /// Runs `body` in `transaction` as one write of the shared log `shared` (see above): what
    /// ``write(indexing:localOnly:sharing:_:)`` does on an engine with a shared log.
    func writeShared<Result>(
        to shared: any LogWriting,
        exchange: SharedWrite,
        in transaction: WriteTransaction,
        _ body: (WriteTransaction) throws -> Result
    ) throws -> Result {
        var local = try log.lastSequence(in: transaction)
        // The claim brings what the cache lacks (on PostgreSQL in its round trip), as long as
        // the cache still ends where it did then.
        let claim = try shared.claimLog(after: local, limit: Self.claimPage)
        let (claimed, lastEvent) = (claim.position, claim.lastEvent)
        // As long as the log but not the same at its end: a failover replaced the cache's last
        // events, and another node wrote as many since. Cut back to what the two share.
        if local == claimed, local > 0, let lastEvent, try !cacheHolds(lastEvent, at: local, in: transaction) {
            let parted = SharedLogError.notACache(path: path, detail: "its event \(local) differs from the shared log's")
            guard mayCutBack(after: parted, logEnd: claimed) else { throw parted }
            local = try cutBack(recordingIn: shared, through: local, in: transaction)
        }
        // The first write checks the cache's whole prefix (``checkCachePrefix(of:through:in:)``),
        // and a cache longer than the log is checked again. One that parts from the log at its
        // tail (the log lost it in a failover) is cut back to what they share; the write goes on.
        if local > claimed || !sharedCacheChecked.withLock({ $0 }) {
            do {
                try checkCachePrefix(of: shared, through: local, in: transaction)
            } catch let error as SharedLogError where mayCutBack(after: error, logEnd: claimed) {
                local = try cutBack(recordingIn: shared, through: min(local, claimed), in: transaction)
            }
            sharedCacheChecked.withLock { $0 = true }
        }
        if local < claimed {
            let brought = local == claim.cacheEnd ? claim : nil
            do {
                _ = try copyEntries(after: local, through: claimed, in: transaction) { body in
                    var next = local == 0 ? 0 : local - 1
                    if let brought {
                        for entry in brought.entries {
                            guard try entry.bytes.withUnsafeBytes({ try body(entry.position, $0) }) else { return }
                            next = entry.position
                        }
                        if brought.reachesPosition { return }
                    }
                    try shared.forEachStored(after: next, body)
                }
            } catch let diverged as DivergedCache {
                // The log lost the cache's tail and went on with other events: back to the
                // shared prefix, then copy from there.
                local = try cutBack(recordingIn: shared, through: diverged.position, in: transaction)
                _ = try copyEntries(after: local, through: claimed, in: transaction) { body in
                    try shared.forEachStored(after: local == 0 ? 0 : local - 1, body)
                }
            }
            let ranges = local == claim.cacheEnd ? claim.backdated : try shared.backdatedRanges(after: local)
            try copyBackdated(ranges, after: local, through: claimed, in: transaction)
        }
        // The turn is this write's now: what was queued while it waited goes in with it.
        exchange.joinLateCommands()
        return try decideAndPublish(to: shared, after: claimed, exchange: exchange, in: transaction, body)
    }

    /// Runs `body` in `transaction` as one write of the shared log `shared` without claiming
    /// it (``LogStore/write(ifLogEndsAt:lastEvent:_:)``, which `shared` is the writer of):
    /// decided on the cache as it is, kept only if the log still ends where the cache does.
    /// For a write that reads nothing of the log (``mayWriteConditionally(_:)``).
    func writeSharedConditionally<Result>(
        to shared: any LogWriting,
        exchange: SharedWrite,
        in transaction: WriteTransaction,
        _ body: (WriteTransaction) throws -> Result
    ) throws -> Result {
        let local = try log.lastSequence(in: transaction)
        exchange.joinLateCommands()
        return try decideAndPublish(to: shared, after: local, exchange: exchange, in: transaction, body)
    }

    /// The cache's end and its last event's stored bytes (`nil` when empty): where a
    /// conditional write expects the log to end.
    func cacheEnd(in transaction: WriteTransaction) throws -> (position: UInt64, lastEvent: [UInt8]?) {
        let end = try log.lastSequence(in: transaction)
        guard end > 0 else { return (0, nil) }
        var bytes: [UInt8]?
        try log.forEachRaw(at: [end], in: transaction) { _, stored in
            bytes = Array(stored)
            return false
        }
        return (end, bytes)
    }

    /// Decides `body` on the cache, which ends at `claimed`, the log's end, and appends what it
    /// decided to `shared` with the batch's answers and mutations, moving the log's end.
    private func decideAndPublish<Result>(
        to shared: any LogWriting,
        after claimed: UInt64,
        exchange: SharedWrite,
        in transaction: WriteTransaction,
        _ body: (WriteTransaction) throws -> Result
    ) throws -> Result {
        try exchange.fetch(from: shared, clock: clock, oldest: oldestAnswerKept(now:), in: transaction)
        exchange.restart()
        let result = try body(transaction)
        // Indexed before the shared log commits: after that commit, only LMDB's own may fail.
        try store.indexAppended(in: transaction)
        let last = try log.lastSequence(in: transaction)
        if last > claimed {
            try publishEntries(after: claimed, to: shared, in: transaction)
            for range in try sharedBackdated?.all(in: transaction) ?? [] where range.positions.lowerBound > claimed {
                try shared.recordBackdated(range)
            }
        }
        try exchange.publish(to: shared)
        try shared.advanceLog(from: claimed, to: last, recording: try rootToShare(from: claimed, to: last, in: transaction))
        try exchange.purgeExpired(from: shared)
        return result
    }

    /// How many events a write's claim brings for the cache at most; a cache further behind
    /// reads the rest after them.
    static let claimPage = 1_000

    /// Appends to the cache, in `transaction`, the entries `entries` gives after `position`
    /// (the cache's end) through `end`: gapless, bytes as stored. Returns how many.
    /// `entries` calls its body with each entry's position and stored bytes from `position` on
    /// (from the first when `position` is 0) until the body returns `false`: when the cache is
    /// not empty, its last entry must be the log's at the same position.
    func copyEntries(
        after position: UInt64, through end: UInt64 = .max, in transaction: WriteTransaction,
        from entries: ((UInt64, UnsafeRawBufferPointer) throws -> Bool) throws -> Void
    ) throws -> Int {
        var next = position + 1
        var copied = 0
        var checked = position == 0
        try entries { entryPosition, bytes in
            if !checked {
                guard entryPosition == position else {
                    throw SharedLogError.notACache(path: path, detail: "the shared log has no event at position \(position)")
                }
                checked = true
                try checkSame(bytes, at: entryPosition, in: transaction)
                return true
            }
            guard entryPosition <= end else { return false }
            guard entryPosition == next else { throw SharedLogError.gap(expected: next, found: entryPosition) }
            try log.append(raw: bytes, sequence: entryPosition, in: transaction)
            next += 1
            copied += 1
            return true
        }
        if !checked { throw SharedLogError.notACache(path: path, detail: "the shared log has no event at position \(position)") }
        return copied
    }

    /// Records in the cache the ranges of `ranges` that start after `position` and by `end`.
    func copyBackdated(_ ranges: [BackdatedRange], after position: UInt64, through end: UInt64, in transaction: WriteTransaction) throws {
        for range in ranges where range.positions.lowerBound > position && range.positions.lowerBound <= end {
            try sharedBackdated?.record(board: range.board, sequences: range.positions, in: transaction)
        }
    }

    /// ``cutBack(of:through:in:)`` inside a write of the shared log `shared`, the loss recorded
    /// there in the same transaction; returns the cache's end after the cut.
    private func cutBack(recordingIn shared: any LogWriting, through end: UInt64, in transaction: WriteTransaction) throws -> UInt64 {
        try shared.recordLostPositions(try cutBack(of: shared, through: end, in: transaction).positions)
        return try log.lastSequence(in: transaction)
    }

    /// Whether the cache may be cut back to what it shares with the log, which ends at
    /// `logEnd`, after `error` from ``checkCachePrefix(of:through:in:)``: the error says they
    /// part (not that the log failed), the log is not empty (then it is taken for another
    /// database), and the database was a node's cache before this engine opened it, or was
    /// checked by it (a database of its own, opened as a node's for the first time, is refused).
    private func mayCutBack(after error: SharedLogError, logEnd: UInt64) -> Bool {
        switch error {
        case .lostTail, .notACache:
            logEnd > 0 && cacheCuts?.emptied.isEmpty == false && (wasNodeCache || sharedCacheChecked.withLock { $0 })
        case .unavailable, .nodeCache, .gap, .cutBack:
            false
        }
    }

    /// Throws ``DivergedCache`` unless the cache holds `bytes` at `position`.
    private func checkSame(_ bytes: UnsafeRawBufferPointer, at position: UInt64, in transaction: WriteTransaction) throws {
        if try !cacheHolds(bytes, at: position, in: transaction) { throw DivergedCache(path: path, position: position) }
    }

    /// Whether the cache holds `bytes` at `position`, in `transaction`.
    func cacheHolds(_ bytes: some Sequence<UInt8>, at position: UInt64, in transaction: some Transaction) throws -> Bool {
        var same = false
        try log.forEachRaw(at: [position], in: transaction) { _, stored in
            same = stored.elementsEqual(bytes)
            return false
        }
        return same
    }

    /// Appends the cache's entries after `claimed` (this write's own) to `shared`, board by
    /// board in ascending board id order, each with the head the cache gives its board.
    private func publishEntries(after claimed: UInt64, to shared: any LogWriting, in transaction: WriteTransaction) throws {
        var heads = sharedHeads.withLock { $0 }
        if heads.position > claimed { heads = BoardHeads() }
        var appended: [BoardID: (expected: UInt64, events: [(position: UInt64, bytes: [UInt8])])] = [:]
        try log.forEachRaw(after: heads.position, in: transaction) { position, bytes in
            let board = try LMDBLogStore.board(of: bytes, at: position)
            if position <= claimed {
                _ = heads.count(board, at: position)
            } else {
                appended[board, default: (heads.heads[board] ?? 0, [])].events.append((position, Array(bytes)))
            }
            return true
        }
        // Counted through `claimed`, a prefix of the shared log whatever becomes of this write.
        sharedHeads.withLock { if $0.position < heads.position { $0 = heads } }
        try shared.append(appended.sorted { $0.key < $1.key }.map { BoardAppend(board: $0.key, expectedHead: $0.value.expected, events: $0.value.events) })
    }

    @discardableResult
    func catchUp(from store: any LogStore, limit: Int = 10_000) throws -> Int {
        let start = try lastSequence()
        var entries: [(position: UInt64, bytes: [UInt8])] = []
        var ranges: [BackdatedRange] = []
        var logEnd: UInt64?
        // Set when the cache parts from the log before its end: where to cut back from.
        var parted: UInt64?
        // The positions the log says failovers lost, when it was time to ask.
        var learned: [ClosedRange<UInt64>]?
        try Self.sharedLogFailures {
            try store.read { reader in
                if !sharedCacheChecked.withLock({ $0 }) {
                    do {
                        try self.store.readTransaction { try checkCachePrefix(of: reader, through: start, in: $0) }
                        sharedCacheChecked.withLock { $0 = true }
                    } catch let error as SharedLogError {
                        guard mayCutBack(after: error, logEnd: try reader.lastPosition()) else { throw error }
                        // Cut back below, where the prefix is checked again.
                        parted = start
                        return
                    }
                }
                if isDueToLearnLostPositions() { learned = try reader.lostPositions() }
                try reader.forEachStored(after: start == 0 ? 0 : start - 1) { position, bytes in
                    entries.append((position, Array(bytes)))
                    return entries.count <= limit
                }
                // The log's event at the cache's end is not the cache's: they part (a failover).
                if parted == nil, start > 0, let first = entries.first, first.position == start,
                   try !self.store.readTransaction({ try cacheHolds(first.bytes, at: start, in: $0) }) {
                    let error = SharedLogError.notACache(path: path, detail: "its event \(start) differs from the shared log's")
                    guard mayCutBack(after: error, logEnd: try reader.lastPosition()) else { throw error }
                    parted = start
                    return
                }
                if entries.count > 1 { ranges = try reader.backdatedRanges(after: start) }
                // The log does not reach the cache's end: how far it goes, to say so.
                if start > 0, entries.first?.position != start { logEnd = try reader.lastPosition() }
            }
        }
        if let learned { lostPositionsInLog.withLock { $0 = (learned, ContinuousClock.now) } }
        // Nothing new since the read began (most often: this node's own writes, which its
        // writer committed here meanwhile): no write transaction, which would wait for LMDB's
        // writer lock, and make the node's writer wait for it.
        if parted == nil, let first = entries.first?.position, let last = entries.last?.position, first == max(start, 1),
           try last <= lastSequence() {
            return 0
        }
        // Set when the write below cut the cache back: what was lost.
        var lost: LostRange?
        let copied = try write(localOnly: true) { transaction in
            let local = try log.lastSequence(in: transaction)
            func cut(through end: UInt64) throws -> Int {
                lost = try Self.sharedLogFailures { try store.read { try cutBack(of: $0, through: end, in: transaction) } }
                return 0
            }
            if let parted { return try cut(through: min(parted, local)) }
            // The writer may have copied some meanwhile: go on from where the cache ends.
            let fresh = entries.drop { $0.position < local }
            if fresh.isEmpty {
                if local == start && local > 0 && entries.first?.position != local {
                    if let logEnd, logEnd < local {
                        guard logEnd > 0 else {
                            throw SharedLogError.notACache(path: path, detail: "it holds \(local) events, the shared log none")
                        }
                        // The log lost its tail: cut the cache back to its prefix (checked there).
                        return try cut(through: logEnd)
                    }
                    throw SharedLogError.notACache(path: path, detail: "it holds \(local) events, the shared log fewer")
                }
                return 0
            }
            let copied: Int
            do {
                copied = try copyEntries(after: local, in: transaction) { body in
                    for entry in fresh { guard try entry.bytes.withUnsafeBytes({ try body(entry.position, $0) }) else { return } }
                }
            } catch let diverged as DivergedCache {
                // The log lost the cache's tail and went on with other events: back to the shared prefix.
                return try cut(through: diverged.position)
            }
            try copyBackdated(ranges, after: local, through: local + UInt64(copied), in: transaction)
            return copied
        }
        if let lost {
            // Every node is to reset the clients that saw those positions: the log records them.
            recordLost(lost.positions, in: store)
            // Live readers look again (and end their streams); then copy what the log holds since.
            commits.signal()
            return try catchUp(from: store, limit: limit)
        }
        if copied > 0 { commits.signal() }
        return copied
    }
}
