import Foundation
import KanbanCore
import Synchronization

/// The standard workload's commands decided on a thread of their own, ahead of the thread that
/// appends them (``KanbanEngine/generate(events:seed:boards:batchSize:)``): the decider keeps a
/// state of its own, folded from what it decides, and stamps each event (sequence number, time,
/// id) exactly as appending it would, so the writer only stores them. It closes each of the
/// writer's batches (``DecidedBatchEnd``): the board outline there, and its state where the
/// engine takes a snapshot and at the end, which the engine takes as its own rather than apply
/// every event again. An undo or a redo reads the events it undoes from what was decided
/// (``DecidedEventsWindow``) and from the committed log before them.
final class WorkloadDecider: @unchecked Sendable {
    // @unchecked: `deciding` is the decider thread's alone, from `start()` to its end; `steps`
    // and `committed` are shared by their own locks.

    /// Where the decided steps go.
    let steps: DecidedSteps
    /// The last sequence number the writer committed: the decided events up to it are read
    /// from the log from then on.
    let committed: Atomic<UInt64>

    private let engine: KanbanEngine
    private var deciding: DecidingState?
    private let total: Int
    /// The writer's batches: a batch ends with the first step that brings it to this many
    /// events (or to `total`).
    private let batchSize: Int
    /// The newest snapshot stored or scheduled when deciding starts.
    private let newestSnapshot: UInt64?

    /// Steps go to the writer in chunks of at least this many events.
    private static let chunk = 512

    /// A decider of `total` events (at least: a step's events stay together) drawn by
    /// `generator`, on `state` (the log's, caught up), whose last event was at `lastTimestamp`,
    /// for a writer that commits batches of `batchSize` events (at least one) and whose newest
    /// snapshot is `newestSnapshot`; at most `capacity` events wait for the writer.
    init(
        engine: KanbanEngine, generator: WorkloadGenerator, state: KanbanState, lastTimestamp: Timestamp,
        total: Int, batchSize: Int, newestSnapshot: UInt64?, capacity: Int
    ) {
        self.engine = engine
        self.total = total
        self.batchSize = max(batchSize, 1)
        self.newestSnapshot = newestSnapshot
        steps = DecidedSteps(capacity: capacity)
        committed = Atomic(state.lastSequence)
        deciding = DecidingState(generator: generator, state: state, lastTimestamp: lastTimestamp)
    }

    /// Starts deciding on a thread of the system's own; `nil` when none could be made. Call
    /// ``stop(_:)`` with what it returns.
    func start() -> pthread_t? {
        SystemThread.start { self.run() }
    }

    /// Stops deciding (at the next chunk) and waits for `thread` to end.
    func stop(_ thread: pthread_t) {
        steps.cancel()
        pthread_join(thread, nil)
    }

    private func run() {
        guard var deciding = deciding.take() else { return }
        do {
            try decideAll(with: &deciding)
            steps.finish(failure: nil)
        } catch {
            steps.finish(failure: error)
        }
    }

    /// An empty chunk with room for a full one and the step that overfills it.
    private static func emptyChunk() -> [RecordedEvent] {
        var chunk: [RecordedEvent] = []
        chunk.reserveCapacity(Self.chunk + 16)
        return chunk
    }

    private func decideAll(with deciding: inout DecidingState) throws {
        var decided = 0
        var batchStart = 0
        var newestSnapshot = newestSnapshot
        var chunk = Self.emptyChunk()
        while decided < total {
            let count = try deciding.next(deciding: engine, into: &chunk)
            decided += count
            guard count > 0 else { continue }
            // The writer's batch closes with the step that fills it, as the writer once took
            // whole steps until the batch was full.
            let closesBatch = decided >= min(total, batchStart + batchSize)
            guard chunk.count >= Self.chunk || closesBatch else { continue }
            var end: DecidedBatchEnd?
            if closesBatch {
                batchStart = decided
                let snapshotDue = engine.isSnapshotDue(at: deciding.lastSequence, liveCards: deciding.liveCards, newest: newestSnapshot, bulk: true)
                if snapshotDue { newestSnapshot = deciding.lastSequence }
                end = deciding.batchEnd(keepingState: snapshotDue || decided >= total)
            }
            guard steps.push(DecidedChunk(events: chunk, end: end)) else { return }
            deciding.hold(chunk)
            chunk = Self.emptyChunk()
            deciding.forget(committedThrough: committed.load(ordering: .acquiring))
        }
    }
}
