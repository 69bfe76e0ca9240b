import Glibc
import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// The fewest events a replay applies to defer its texts
    /// (``KanbanCore/KanbanState/beginDeferringTexts()``): as for two threads, a long replay
    /// (a whole log, or a snapshot far behind it), where most texts read are replaced later.
    static let deferredTextsMinimum = 50_000

    /// Applies the events after `state.lastSequence`, up to `limit`, as the one-thread loop of
    /// ``catchUp(_:in:useSnapshots:boardsOnly:cardsOf:upTo:)`` does, in the same order to the
    /// same state, but on two threads: a second thread walks the log's B-tree in `transaction`
    /// (a read transaction may be used from any thread, one at a time: the environment is
    /// opened with `MDB_NOTLS`) and hands each event's place in the map to this one
    /// (``EventRing``), which applies them with the same lookahead. Everything replay allocates
    /// is allocated here, in this thread's heap, where the state lives. Returns how many events
    /// were applied, or `nil` (having applied nothing) when no thread could be made; the first
    /// event that does not decode stops both threads and is thrown, as on one thread. The walk
    /// has ended when this returns, whatever happened.
    func replayOnTwoThreads(
        into state: inout KanbanState,
        lastTimestamp: inout Timestamp,
        upTo limit: UInt64,
        in transaction: ReadTransaction,
        ringCapacity: Int = EventRing.defaultCapacity
    ) throws -> Int? {
        let ring = EventRing(capacity: ringCapacity)
        let walk = LogWalk(log: log, transaction: transaction, after: state.lastSequence, limit: limit, ring: ring)
        // A thread of the system's own, so that one that cannot be made (a process at its
        // limit) is known here and replay goes on one thread, rather than waiting for a walk
        // that never starts.
        guard let thread = SystemThread.start({ walk.run() }) else { return nil }
        // The transaction outlives this call only as long as the walk does not.
        defer {
            ring.stop()
            pthread_join(thread, nil)
        }
        var fold = ReplayFold(lastTimestamp: lastTimestamp)
        var ahead = ReplayLookahead()
        while let (sequence, bytes) = ring.next() {
            if let next = ahead.push(sequence, bytes, for: &state) { try fold.apply(next.sequence, next.bytes, to: &state) }
        }
        while let next = ahead.pop() { try fold.apply(next.sequence, next.bytes, to: &state) }
        if let failure = walk.failure { throw failure }
        lastTimestamp = fold.lastTimestamp
        return fold.applied
    }
}
