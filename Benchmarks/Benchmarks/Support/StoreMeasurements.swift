import Benchmark
import Kanban
import KanbanCore

// What the store suites (SQLite, Postgres) measure, the same code on every `LogStore`.

/// Folds all of `store` into a fresh state (``Kanban/LogStore/replayedState()``), measured;
/// reports events per second.
public func measureReplay(_ store: some LogStore, _ benchmark: Benchmark, events: Int) throws {
    benchmark.startMeasurement()
    let start = ContinuousClock.now
    let state = try store.replayedState()
    let elapsed = ContinuousClock.now - start
    benchmark.stopMeasurement()
    precondition(state.lastSequence >= UInt64(events) && state.cards.count > 0)
    benchmark.measurement(Measures.eventsPerSecond, perSecond(Int(state.lastSequence), elapsed))
}

/// Appends one of `events` (by iteration) after the log's last position, in a durable write of
/// its own at its board's head, measured.
public func measureAppendOne(_ store: some LogStore, _ events: [LogEntry], _ benchmark: Benchmark) throws {
    let event = events[benchmark.currentIteration % events.count]
    benchmark.startMeasurement()
    let head = try store.write { writer in
        let position = try writer.lastPosition() &+ 1
        let head = try writer.heads()[event.board] ?? 0
        return try writer.append(board: event.board, expectedHead: head, [(position, event.bytes)])
    }
    benchmark.stopMeasurement()
    blackHole(head)
}

/// Appends all of `events` to an empty `store`, 10,000 per durable write (the heads read once
/// per write), measured.
public func measureBatch(_ store: some LogStore, _ events: [LogEntry], _ benchmark: Benchmark) throws {
    let empty = try store.read { try $0.lastPosition() } == 0
    precondition(empty)
    benchmark.startMeasurement()
    let start = ContinuousClock.now
    var offset = 0
    while offset < events.count {
        let end = min(offset + 10_000, events.count)
        try store.write { writer in
            var heads = try writer.heads()
            try writer.append(events[offset..<end], heads: &heads)
        }
        offset = end
    }
    let elapsed = ContinuousClock.now - start
    benchmark.stopMeasurement()
    let stored = try store.read { try $0.heads().values.reduce(0, &+) }
    precondition(stored == UInt64(events.count))
    benchmark.measurement(Measures.eventsPerSecond, perSecond(events.count, elapsed))
}

/// `count` per second of `elapsed`.
public func perSecond(_ count: Int, _ elapsed: Duration) -> Int {
    let seconds = Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
    return seconds > 0 ? Int(Double(count) / seconds) : 0
}
