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
        let claimed = try shared.claimLog()
        let local = try log.lastSequence(in: transaction)
        guard local <= claimed else {
            // Checked a prefix already (or now, below, were it the first write): the log lost its tail.
            if sharedCacheChecked.withLock({ $0 }) { throw lostTail(logEnd: claimed, cacheEnd: local) }
            try checkCachePrefix(of: shared, through: local, in: transaction)
            throw SharedLogError.notACache(path: path, detail: "it holds \(local) events, the shared log \(claimed)")
        }
        // The first write checks the cache's whole prefix (``checkCachePrefix(of:through:in:)``).
        if !sharedCacheChecked.withLock({ $0 }) {
            try checkCachePrefix(of: shared, through: local, in: transaction)
            sharedCacheChecked.withLock { $0 = true }
        }
        if local < claimed {
            _ = try copyEntries(after: local, through: claimed, in: transaction) { body in
                try shared.forEachStored(after: local == 0 ? 0 : local - 1, body)
            }
            try copyBackdated(try shared.backdatedRanges(after: local), after: local, through: claimed, in: transaction)
        }
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
    private func copyBackdated(_ ranges: [BackdatedRange], after position: UInt64, through end: UInt64, in transaction: WriteTransaction) throws {
        for range in ranges where range.positions.lowerBound > position && range.positions.lowerBound <= end {
            try sharedBackdated?.record(board: range.board, sequences: range.positions, in: transaction)
        }
    }

    /// Throws unless the cache holds `bytes` at `position`.
    private func checkSame(_ bytes: UnsafeRawBufferPointer, at position: UInt64, in transaction: WriteTransaction) throws {
        var same = false
        try log.forEachRaw(at: [position], in: transaction) { _, stored in
            same = stored.elementsEqual(bytes)
            return false
        }
        if !same { throw SharedLogError.notACache(path: path, detail: "its event \(position) differs from the shared log's") }
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
        for (board, batch) in appended.sorted(by: { $0.key < $1.key }) {
            try shared.append(board: board, expectedHead: batch.expected, batch.events)
        }
    }

    @discardableResult
    func catchUp(from store: any LogStore, limit: Int = 10_000) throws -> Int {
        let start = try lastSequence()
        var entries: [(position: UInt64, bytes: [UInt8])] = []
        var ranges: [BackdatedRange] = []
        var logEnd: UInt64?
        try Self.sharedLogFailures {
            try store.read { reader in
                if !sharedCacheChecked.withLock({ $0 }) {
                    try self.store.readTransaction { try checkCachePrefix(of: reader, through: start, in: $0) }
                    sharedCacheChecked.withLock { $0 = true }
                }
                try reader.forEachStored(after: start == 0 ? 0 : start - 1) { position, bytes in
                    entries.append((position, Array(bytes)))
                    return entries.count <= limit
                }
                if entries.count > 1 { ranges = try reader.backdatedRanges(after: start) }
                // The log does not reach the cache's end: how far it goes, to say so.
                if start > 0, entries.first?.position != start { logEnd = try reader.lastPosition() }
            }
        }
        // Nothing new since the read began (most often: this node's own writes, which its
        // writer committed here meanwhile): no write transaction, which would wait for LMDB's
        // writer lock, and make the node's writer wait for it.
        if let first = entries.first?.position, let last = entries.last?.position, first == max(start, 1),
           try last <= lastSequence() {
            return 0
        }
        let copied = try write(localOnly: true) { transaction in
            let local = try log.lastSequence(in: transaction)
            // The writer may have copied some meanwhile: go on from where the cache ends.
            let fresh = entries.drop { $0.position < local }
            if fresh.isEmpty {
                if local == start && local > 0 && entries.first?.position != local {
                    if let logEnd, logEnd < local { throw lostTail(logEnd: logEnd, cacheEnd: local) }
                    throw SharedLogError.notACache(path: path, detail: "it holds \(local) events, the shared log fewer")
                }
                return 0
            }
            let copied = try copyEntries(after: local, in: transaction) { body in
                for entry in fresh { guard try entry.bytes.withUnsafeBytes({ try body(entry.position, $0) }) else { return } }
            }
            try copyBackdated(ranges, after: local, through: local + UInt64(copied), in: transaction)
            return copied
        }
        if copied > 0 { commits.signal() }
        return copied
    }
}
