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
    // @unchecked: everything but `steps` and `committed` is the decider thread's alone, from
    // `start()` to its end.

    /// Where the decided steps go.
    let steps: DecidedSteps
    /// The last sequence number the writer committed: the decided events up to it are read
    /// from the log from then on.
    let committed: Atomic<UInt64>

    private let engine: KanbanEngine
    private var generator: WorkloadGenerator
    private var state: KanbanState
    private var lastTimestamp: Timestamp
    private let total: Int
    /// The events decided after `windowStart - 1`, the last one known committed.
    private var window: [RecordedEvent] = []
    private var windowStart: UInt64

    /// Steps go to the writer in chunks of at least this many events.
    private static let chunk = 512
    /// How many committed events the window holds before it lets them go (all at once, so it
    /// is not cut at every chunk).
    private static let slack: UInt64 = 16_384

    /// A decider of `total` events (at least: a step's events stay together) drawn by
    /// `generator`, on `state` (the log's, caught up), whose last event was at `lastTimestamp`.
    init(engine: KanbanEngine, generator: WorkloadGenerator, state: KanbanState, lastTimestamp: Timestamp, total: Int, capacity: Int) {
        self.engine = engine
        self.generator = generator
        self.state = state
        self.lastTimestamp = lastTimestamp
        self.total = total
        steps = DecidedSteps(capacity: capacity)
        committed = Atomic(state.lastSequence)
        windowStart = state.lastSequence + 1
    }

    /// Starts deciding on a thread of the system's own; `nil` when none could be made. Call
    /// ``stop(_:)`` with what it returns.
    func start() -> pthread_t? {
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<WorkloadDecider>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        guard created == 0 else {
            Unmanaged<WorkloadDecider>.fromOpaque(context).release()
            return nil
        }
        return thread
    }

    /// Stops deciding (at the next chunk) and waits for `thread` to end.
    func stop(_ thread: pthread_t) {
        steps.cancel()
        pthread_join(thread, nil)
    }

    private func run() {
        do {
            try decideAll()
            steps.finish(failure: nil)
        } catch {
            steps.finish(failure: error)
        }
    }

    private func decideAll() throws {
        state.buildOrderIndex()
        var decided = 0
        var chunk: [[RecordedEvent]] = []
        var chunkEvents = 0
        while decided < total {
            let (step, actor) = generator.next(in: state)
            let events = try decide(step, actor: actor)
            let recorded = record(events, actor: actor, at: generator.timestamp)
            for event in recorded { generator.observe(event) }
            decided += recorded.count
            guard !recorded.isEmpty else { continue }
            chunk.append(recorded)
            chunkEvents += recorded.count
            guard chunkEvents >= Self.chunk || decided >= total else { continue }
            guard steps.push(chunk, events: chunkEvents) else { return }
            chunk = []
            chunkEvents = 0
            forgetCommitted()
        }
    }

    /// The events of one workload step; an undo or redo that cannot be taken becomes an edit.
    /// As ``KanbanEngine/generate(events:seed:boards:batchSize:)`` decides them on one thread.
    private func decide(_ step: WorkloadStep, actor: String) throws -> [BoardEvent] {
        let source = DecidedEventsWindow(events: window, start: windowStart, engine: engine)
        switch step {
        case .command(let command):
            return try engine.decide(command, actor: actor, state: state, ids: &generator.ids, reading: source).events
        case .undo, .redo:
            do {
                let command: Command = step == .undo ? .undo() : .redo()
                let events = try engine.decide(command, actor: actor, state: state, ids: &generator.ids, reading: source).events
                guard !events.isEmpty else { throw KanbanError.nothingToUndo(actor: actor) }
                return events
            } catch is KanbanError {
                guard let edit = generator.fallback(in: state) else { return [] }
                return try Decider.decide(edit, in: state, ids: &generator.ids)
            }
        }
    }

    /// `events` by `actor`, stamped as appending them stamps them (the next sequence numbers,
    /// `moment` or the last event's time if later, ids from the generator), and applied.
    private func record(_ events: [BoardEvent], actor: String, at moment: Timestamp) -> [RecordedEvent] {
        var recorded: [RecordedEvent] = []
        recorded.reserveCapacity(events.count)
        let timestamp = max(moment, lastTimestamp)
        for event in events {
            let next = RecordedEvent(
                sequence: state.lastSequence + 1,
                timestamp: timestamp,
                actor: event.actor ?? actor,
                id: EventID(.random(using: &generator.ids)),
                board: event.board,
                payload: event.payload,
                happenedAt: nil
            )
            state.apply(next)
            if next.timestamp > lastTimestamp { lastTimestamp = next.timestamp }
            window.append(next)
            recorded.append(next)
        }
        return recorded
    }

    /// Lets go of the decided events the writer committed, once there are ``slack`` of them.
    private func forgetCommitted() {
        let done = committed.load(ordering: .acquiring)
        guard done >= windowStart, done - windowStart >= Self.slack else { return }
        let dropped = Int(min(done - windowStart + 1, UInt64(window.count)))
        window.removeFirst(dropped)
        windowStart += UInt64(dropped)
    }
}
