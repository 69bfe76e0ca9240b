import KanbanCore
import LMDBStorage

/// The check that an engine's database is a prefix of its shared log, made once per engine
/// before it writes to the log or copies from it: not only its last event, but every one.
///
/// Writes keep the audit root at their end in the log now and then (every
/// ``sharedRootInterval`` positions, ``LogWriting/advanceLog(from:to:recording:)``). A cache
/// is checked against the newest of those roots it reaches — one root of its own audit tree,
/// which commits to every event before it — and event by event after that root; a log that
/// keeps no root the cache reaches (a young log, one migrated in) is compared event by event.
extension KanbanEngine {
    /// How many positions apart, at least, shared writes keep a root: the most events a
    /// start-up check compares one by one, besides the last write's.
    static let sharedRootInterval: UInt64 = 256

    /// Throws ``SharedLogError/notACache(path:detail:)`` unless the cache's first `local`
    /// events, in `transaction`, are the first `local` of the log `reader` reads.
    func checkCachePrefix(of reader: any LogReading, through local: UInt64, in transaction: some Transaction) throws {
        guard local > 0 else { return }
        var checked: UInt64 = 0
        if let recorded = try reader.recordedRoot(atOrBefore: local), recorded.size > 0,
           try auditTree.size(in: transaction) >= recorded.size {
            guard try auditTree.root(size: recorded.size, in: transaction) == recorded.root else {
                throw SharedLogError.notACache(path: path, detail: "its audit root at \(recorded.size) events differs from the shared log's")
            }
            checked = recorded.size
        }
        var next = checked + 1
        var differing: UInt64?
        try reader.forEachStored(after: checked) { position, bytes in
            guard position <= local else { return false }
            guard position == next else { return false }
            var same = false
            try log.forEachRaw(at: [position], in: transaction) { _, stored in
                same = stored.elementsEqual(bytes)
                return false
            }
            guard same else {
                differing = position
                return false
            }
            next += 1
            return true
        }
        if let differing { throw SharedLogError.notACache(path: path, detail: "its event \(differing) differs from the shared log's") }
        if next <= local {
            // Every event the log has is the cache's: the log ends first.
            if try reader.lastPosition() == next - 1 { throw lostTail(logEnd: next - 1, cacheEnd: local) }
            throw SharedLogError.notACache(path: path, detail: "the shared log has no event at position \(next)")
        }
    }

    /// The error for a shared log that ends at `logEnd`, before the cache at `cacheEnd`, noted
    /// for ``EngineSync/lostPositions``.
    func lostTail(logEnd: UInt64, cacheEnd: UInt64) -> SharedLogError {
        if logEnd < cacheEnd { lostSharedPositions.withLock { $0 = (logEnd + 1)...cacheEnd } }
        return .lostTail(path: path, logEnd: logEnd, cacheEnd: cacheEnd)
    }

    /// The audit root at `last` when a write from `claimed` to `last` passes a multiple of
    /// ``sharedRootInterval``, for the log to keep; `nil` otherwise. The tree must hold `last`.
    func rootToShare(from claimed: UInt64, to last: UInt64, in transaction: some Transaction) throws -> AuditRoot? {
        guard last / Self.sharedRootInterval > claimed / Self.sharedRootInterval else { return nil }
        return AuditRoot(size: last, root: try auditTree.root(size: last, in: transaction))
    }
}
