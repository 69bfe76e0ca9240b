import KanbanCore

/// What the workload's decider thread decides with (``WorkloadDecider``): the generator, a
/// state of its own folded from what it decides, and the decided events the writer may not
/// have committed yet. A value the thread keeps in a local, so that lending the state to a
/// decision copies nothing.
struct DecidingState {
    private var generator: WorkloadGenerator
    private var state: KanbanState
    private var lastTimestamp: Timestamp
    /// The chunks handed to the writer, from `windowStart` on (after the last event known
    /// committed, or a little before), shared with the writer.
    private var window: [[RecordedEvent]] = []
    /// The sequence number of the window's first event; that of the next event decided when
    /// the window holds none.
    private var windowStart: UInt64

    /// How many committed events the window holds before it lets them go (all at once, so it
    /// is not cut at every chunk).
    private static let slack: UInt64 = 16_384

    /// Deciding with `generator` on `state` (the log's, caught up, its last event at
    /// `lastTimestamp`).
    init(generator: WorkloadGenerator, state: KanbanState, lastTimestamp: Timestamp) {
        self.generator = generator
        self.state = state
        self.lastTimestamp = lastTimestamp
        windowStart = state.lastSequence + 1
        self.state.buildOrderIndex()
    }

    /// Decides the next step, and appends its events to `decided`, stamped as appending them
    /// stamps them, and applied; returns how many there are.
    mutating func next(deciding engine: KanbanEngine, into decided: inout [RecordedEvent]) throws -> Int {
        let (step, actor) = generator.next(in: state)
        // The chunk being filled is lent to the decision and given back before `record`
        // appends to it: a second reference then would copy it at every append.
        let events = try engine.decide(
            step, actor: actor, generator: &generator, on: state,
            reading: DecidedEventsWindow(chunks: window, current: decided, start: windowStart, engine: engine)
        )
        record(events, actor: actor, at: generator.timestamp, into: &decided)
        return events.count
    }

    /// `events` by `actor`, stamped as appending them stamps them (the next sequence numbers,
    /// `moment` or the last event's time if later, ids from the generator), applied, and
    /// appended to `decided`.
    private mutating func record(_ events: [BoardEvent], actor: String, at moment: Timestamp, into decided: inout [RecordedEvent]) {
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
            generator.observe(next)
            decided.append(next)
        }
    }

    /// The last sequence number decided.
    var lastSequence: UInt64 { state.lastSequence }

    /// How many cards are live after what was decided.
    var liveCards: Int { state.cards.count }

    /// Where a batch ends after what was decided: its board outline, and the state itself when
    /// `keepingState` (shared with the writer: the next event decided copies it).
    func batchEnd(keepingState: Bool) -> DecidedBatchEnd {
        DecidedBatchEnd(
            lastSequence: state.lastSequence,
            lastTimestamp: lastTimestamp,
            outline: OutlineCodec.encode(of: state, lastTimestamp: lastTimestamp),
            state: keepingState ? state : nil
        )
    }

    /// Keeps `chunk`, just handed to the writer, for the undos and redos decided next.
    mutating func hold(_ chunk: [RecordedEvent]) {
        window.append(chunk)
    }

    /// Lets go of the chunks decided up to `committed`, once they hold ``slack`` events.
    mutating func forget(committedThrough committed: UInt64) {
        guard committed >= windowStart, committed - windowStart >= Self.slack else { return }
        var dropped = 0
        var released: UInt64 = 0
        for chunk in window {
            guard let last = chunk.last, last.sequence <= committed else { break }
            dropped += 1
            released += UInt64(chunk.count)
        }
        window.removeFirst(dropped)
        windowStart += released
    }
}
