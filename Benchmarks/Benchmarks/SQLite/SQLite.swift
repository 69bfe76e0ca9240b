import Benchmark
import BenchmarkSupport
import Foundation
import Kanban
import KanbanCore
import LMDBStorage
import SQLiteEventLog

/// The same engine on a SQLite event table: the standard workload's events (100,000, and
/// 1,000,000 with `KANBAN_BENCH_LARGE=1`), byte for byte as the LMDB log holds them, copied once
/// per size into `$TMPDIR/kanban-bench-N.sqlite` (table `events(sequence INTEGER PRIMARY KEY,
/// value BLOB NOT NULL)`, WAL, `synchronous = FULL`; see `SQLiteEventLog`). Each SQLite
/// benchmark has an LMDB twin doing the same through the same `EventStore` protocol, so the
/// ratio SQLite ÷ LMDB compares the stores and nothing else (`scripts/bench-chart.py` prints it).
///
/// - `SQLite|LMDB_replay_N_events`: the whole store folded into board state with
///   `KanbanState.apply(encoded:sequence:)`, as the engine's catch-up does; the store is opened
///   outside the measurement. Compare with `Replay: Replay_N_events` (the engine's own replay).
/// - `SQLite|LMDB_append_one_N_events`: one event (a copy of one of the log's first 10,000),
///   appended after the last in a durable transaction of its own, on a copy of the N-event
///   store. p50 and p99. Compare with `Operations: Command_add_N_events` (decide included).
/// - `SQLite|LMDB_append_batch_N_events`: the whole log into an empty store, 10,000 events per
///   durable transaction, as `generate` batches (`eventsPerSecond`; no deciding, no snapshots).
let benchmarks: @Sendable () -> Void = {
    for size in Workload.sizes {
        let large = size >= 1_000_000
        let replayConfiguration = Measures.configuration(
            [Measures.eventsPerSecond],
            maxDuration: .seconds(large ? 20 : 8),
            maxIterations: large ? 15 : 50
        )

        Benchmark(
            "SQLite_replay_\(size)_events",
            configuration: replayConfiguration,
            closure: { benchmark in
                let store = try SQLiteEventLog(path: SQLiteCopies.path(events: size))
                try measureReplay(store, benchmark, events: size)
            },
            setup: { try SQLiteCopies.store(events: size) }
        )

        Benchmark(
            "LMDB_replay_\(size)_events",
            configuration: replayConfiguration,
            closure: { benchmark in
                let store = try EventLog(environment: Environment.open(path: Workload.directory(events: size)))
                try measureReplay(store, benchmark, events: size)
            },
            setup: { try Workload.log(events: size) }
        )

        // A durable commit's time is the disk's sync latency, which swings from run to run on
        // this VM (see Operations): only a gross slowdown fails on time.
        let appendConfiguration = Measures.configuration(maxDuration: .seconds(3), maxIterations: 500, timeTolerance: 400, mallocSlack: 20)
        let sqliteAppender = Slot<(store: SQLiteEventLog, events: [[UInt8]])>()
        Benchmark(
            "SQLite_append_one_\(size)_events",
            configuration: appendConfiguration,
            closure: { benchmark in
                try measureAppendOne(sqliteAppender.get.store, sqliteAppender.get.events, benchmark)
            },
            setup: {
                let path = try SQLiteCopies.writableCopy(events: size, name: "kanban-bench-\(size)-append.sqlite")
                sqliteAppender.value = (try SQLiteEventLog(path: path), try SQLiteCopies.sample(events: size))
            },
            teardown: { sqliteAppender.value = nil }
        )

        let lmdbAppender = Slot<(store: EventLog, events: [[UInt8]])>()
        Benchmark(
            "LMDB_append_one_\(size)_events",
            configuration: appendConfiguration,
            closure: { benchmark in
                try measureAppendOne(lmdbAppender.get.store, lmdbAppender.get.events, benchmark)
            },
            setup: {
                let path = try Workload.writableCopy(events: size, name: "kanban-bench-\(size)-lmdb-append.db")
                lmdbAppender.value = (try EventLog(environment: Environment.open(path: path)), try SQLiteCopies.sample(events: size))
            },
            teardown: { lmdbAppender.value = nil }
        )

        let batchConfiguration = Measures.configuration(
            [Measures.eventsPerSecond],
            maxDuration: .seconds(large ? 40 : 10),
            maxIterations: large ? 3 : 10,
            timeTolerance: 100
        )
        let all = Slot<[[UInt8]]>()
        Benchmark(
            "SQLite_append_batch_\(size)_events",
            configuration: batchConfiguration,
            closure: { benchmark in
                let path = Workload.scratchPath("kanban-bench-\(size)-batch.sqlite")
                try SQLiteEventLog.remove(at: path)
                do {
                    let store = try SQLiteEventLog(path: path)
                    try measureBatch(store, all.get, benchmark)
                }
                try SQLiteEventLog.remove(at: path)
            },
            setup: { all.value = try EventLog(environment: Environment.open(path: Workload.log(events: size))).encodedEvents() },
            teardown: { all.value = nil }
        )

        Benchmark(
            "LMDB_append_batch_\(size)_events",
            configuration: batchConfiguration,
            closure: { benchmark in
                let path = Workload.scratchPath("kanban-bench-\(size)-batch.db")
                if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
                do { // the environment closes at the end of this scope, before its directory goes
                    let store = try EventLog(environment: Environment.open(path: path))
                    try measureBatch(store, all.get, benchmark)
                }
                try FileManager.default.removeItem(atPath: path)
            },
            setup: { all.value = try EventLog(environment: Environment.open(path: Workload.log(events: size))).encodedEvents() },
            teardown: { all.value = nil }
        )
    }
}

/// Folds all of `store` into a fresh state, measured; reports events per second.
func measureReplay(_ store: some EventStore, _ benchmark: Benchmark, events: Int) throws {
    benchmark.startMeasurement()
    let start = ContinuousClock.now
    let state = try store.replayedState()
    let elapsed = ContinuousClock.now - start
    benchmark.stopMeasurement()
    precondition(state.lastSequence >= UInt64(events) && state.cards.count > 0)
    benchmark.measurement(Measures.eventsPerSecond, perSecond(Int(state.lastSequence), elapsed))
}

/// Appends one event of `events` (by iteration) in a transaction of its own, measured.
func measureAppendOne(_ store: some EventStore, _ events: [[UInt8]], _ benchmark: Benchmark) throws {
    let event = events[benchmark.currentIteration % events.count]
    benchmark.startMeasurement()
    let last = try store.appendEncoded(CollectionOfOne(event))
    benchmark.stopMeasurement()
    blackHole(last)
}

/// Appends all of `events` to an empty `store`, 10,000 per transaction, measured.
func measureBatch(_ store: some EventStore, _ events: [[UInt8]], _ benchmark: Benchmark) throws {
    let empty = try store.lastSequence() == 0
    precondition(empty)
    benchmark.startMeasurement()
    let start = ContinuousClock.now
    var offset = 0
    while offset < events.count {
        let end = min(offset + 10_000, events.count)
        try store.appendEncoded(events[offset..<end])
        offset = end
    }
    let elapsed = ContinuousClock.now - start
    benchmark.stopMeasurement()
    let stored = try store.count()
    precondition(stored == events.count)
    benchmark.measurement(Measures.eventsPerSecond, perSecond(events.count, elapsed))
}

func perSecond(_ count: Int, _ elapsed: Duration) -> Int {
    let seconds = Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
    return seconds > 0 ? Int(Double(count) / seconds) : 0
}

/// The SQLite copies of the generated LMDB logs.
enum SQLiteCopies {
    /// `$TMPDIR/kanban-bench-N.sqlite`. Benchmarks only read it.
    static func path(events: Int) -> String {
        Workload.scratchPath("kanban-bench-\(events).sqlite")
    }

    /// The SQLite copy of the log of `events` events, made when missing or when it is not the
    /// same log (another count or another last event: the LMDB log was generated again).
    @discardableResult
    static func store(events: Int) throws -> String {
        let lmdb = try EventLog(environment: Environment.open(path: Workload.log(events: events)))
        let path = path(events: events)
        if FileManager.default.fileExists(atPath: path) {
            let existing = try SQLiteEventLog(path: path)
            let last = try lmdb.lastSequence()
            if try existing.count() == lmdb.count(), try existing.lastSequence() == last,
               try existing.encodedEvents(after: last &- 1) == lmdb.encodedEvents(after: last &- 1) {
                return path
            }
        }
        try SQLiteEventLog.remove(at: path)
        let start = ContinuousClock.now
        let store = try SQLiteEventLog(path: path)
        let copied = try store.appendCopy(of: lmdb)
        try store.checkpoint()
        FileHandle.standardError.write(Data("kanban-bench: copied \(copied) events into \(path) in \(ContinuousClock.now - start)\n".utf8))
        return path
    }

    /// A fresh copy of the SQLite store of `events` events at `$TMPDIR/name`, for appending.
    static func writableCopy(events: Int, name: String) throws -> String {
        let source = try store(events: events)
        try SQLiteEventLog(path: source).checkpoint() // the file alone is the whole database
        let target = Workload.scratchPath(name)
        try SQLiteEventLog.remove(at: target)
        try FileManager.default.copyItem(atPath: source, toPath: target)
        return target
    }

    /// The first 10,000 events of the log, encoded: what the one-event appends append.
    static func sample(events: Int) throws -> [[UInt8]] {
        try EventLog(environment: Environment.open(path: Workload.log(events: events))).encodedEvents(limit: 10_000)
    }
}
