import Dispatch
import Foundation
import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// Applies the events after `state.lastSequence`, up to `limit`, as the one-thread loop of
    /// ``catchUp(_:in:useSnapshots:boardsOnly:cardsOf:upTo:)`` does, in the same order to the
    /// same state, but on two threads: this one walks the log's B-tree and hands each event's
    /// place in the map to a second (``EventRing``), which applies them (decoding, the card
    /// table, texts, undo stacks) with the same lookahead. Everything allocated is allocated,
    /// used and freed on the applying thread. Returns how many events were applied; the first
    /// event that does not decode stops both threads and is thrown, as on one thread.
    func replayOnTwoThreads(
        into state: inout KanbanState,
        lastTimestamp: inout Timestamp,
        upTo limit: UInt64,
        in transaction: some Transaction,
        ringCapacity: Int = EventRing.defaultCapacity
    ) throws -> Int {
        let ring = EventRing(capacity: ringCapacity)
        let done = DispatchSemaphore(value: 0)
        let after = state.lastSequence
        return try withUnsafeMutablePointer(to: &state) { statePointer in
            let applier = Applier(state: statePointer, fold: ReplayFold(lastTimestamp: lastTimestamp))
            let thread = Thread {
                applier.run(ring)
                done.signal()
            }
            thread.name = "kanban.replay"
            // As much stack as the main thread: an undo's nested events decode recursively.
            thread.stackSize = 8 << 20
            thread.start()
            do {
                defer {
                    ring.finish()
                    done.wait()
                }
                try log.forEachRaw(after: after, in: transaction) { sequence, bytes in
                    sequence <= limit && ring.put(sequence, bytes)
                }
            }
            if let failure = applier.failure { throw failure }
            lastTimestamp = applier.fold.lastTimestamp
            return applier.fold.applied
        }
    }
}

/// The applying side of a two-thread replay: the state it owns while the other thread reads,
/// and what it found. Only the applying thread touches it until the reading thread has
/// waited for its end.
private final class Applier: @unchecked Sendable {
    let state: UnsafeMutablePointer<KanbanState>
    var fold: ReplayFold
    var failure: KanbanError?

    init(state: UnsafeMutablePointer<KanbanState>, fold: ReplayFold) {
        self.state = state
        self.fold = fold
    }

    /// Applies what `ring` hands over until it ends, or until an event fails (then stops the reader).
    func run(_ ring: EventRing) {
        var ahead = ReplayLookahead()
        do {
            while let (sequence, bytes) = ring.next() {
                if let next = ahead.push(sequence, bytes, for: &state.pointee) {
                    try fold.apply(next.sequence, next.bytes, to: &state.pointee)
                }
            }
            while let next = ahead.pop() { try fold.apply(next.sequence, next.bytes, to: &state.pointee) }
        } catch {
            failure = error
            ring.stop()
        }
    }
}
