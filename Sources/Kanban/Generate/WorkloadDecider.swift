import Foundation
import KanbanCore
import Synchronization

/// The standard workload's commands decided on a thread of their own, ahead of the thread that
/// appends them (``KanbanEngine/generate(events:seed:boards:batchSize:)``): the decider keeps a
/// state of its own, folded from what it decides, and stamps each event (sequence number, time,
/// id) exactly as appending it would, so the writer only stores and applies. An undo or a redo
/// reads the events it undoes from what was decided (``DecidedEventsWindow``) and from the
/// committed log before them.
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

    /// Steps go to the writer in chunks of at least this many events.
    private static let chunk = 512

    /// A decider of `total` events (at least: a step's events stay together) drawn by
    /// `generator`, on `state` (the log's, caught up), whose last event was at `lastTimestamp`;
    /// at most `capacity` events wait for the writer.
    init(engine: KanbanEngine, generator: WorkloadGenerator, state: KanbanState, lastTimestamp: Timestamp, total: Int, capacity: Int) {
        self.engine = engine
        self.total = total
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

    private func decideAll(with deciding: inout DecidingState) throws {
        var decided = 0
        var chunk: [[RecordedEvent]] = []
        var chunkEvents = 0
        while decided < total {
            let recorded = try deciding.next(deciding: engine)
            decided += recorded.count
            guard !recorded.isEmpty else { continue }
            chunk.append(recorded)
            chunkEvents += recorded.count
            guard chunkEvents >= Self.chunk || decided >= total else { continue }
            guard steps.push(chunk, events: chunkEvents) else { return }
            chunk = []
            chunkEvents = 0
            deciding.forget(committedThrough: committed.load(ordering: .acquiring))
        }
    }
}
