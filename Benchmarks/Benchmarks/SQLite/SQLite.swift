import Benchmark
import BenchmarkSupport
import Foundation
import Kanban
import KanbanCore
import SQLiteLogStore

/// The same log in SQLite: the standard workload's events (100,000, and 1,000,000 with
/// `KANBAN_BENCH_LARGE=1`), byte for byte and position for position as the LMDB log holds them,
/// copied once per size into `$TMPDIR/kanban-bench-N.sqlite` (`SQLiteLogStore`: WAL,
/// `synchronous = FULL`). Each SQLite benchmark has an LMDB twin doing the same through the
/// same `LogStore` protocol (`LMDBLogStore(path:)`) and the same code, so the ratio SQLite ÷
/// LMDB compares the stores and nothing else (`scripts/bench-chart.py` prints it). Each store
/// keeps what it keeps with an event: LMDB its audit leaf and history entry, SQLite the
/// board's head and the `(board, seq)` index.
///
/// - `SQLite|LMDB_replay_N_events`: the whole store folded into board state with
///   `LogStore.replayedState()` (`KanbanState.apply(encoded:sequence:)` over
///   `forEachStored`, as the engine's catch-up does); the store is opened outside the
///   measurement. Compare with `Replay: Replay_N_events` (the engine's own replay).
/// - `SQLite|LMDB_append_one_N_events`: one event (a copy of one of the log's first 10,000),
///   appended after the last in a durable write of its own (`store.write`: heads and last
///   position read, then `append(board:expectedHead:_:)`), on a copy of the N-event store.
///   p50 and p99. Compare with `Operations: Command_add_N_events` (decide included).
/// - `SQLite|LMDB_append_batch_N_events`: the whole log into an empty store, 10,000 events per
///   durable write (the heads read once per write), as `generate` batches (`eventsPerSecond`;
///   no deciding, no snapshots).
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
                let store = try SQLiteLogStore(path: SQLiteCopies.path(events: size))
                try measureReplay(store, benchmark, events: size)
            },
            setup: { try SQLiteCopies.store(events: size) }
        )

        Benchmark(
            "LMDB_replay_\(size)_events",
            configuration: replayConfiguration,
            closure: { benchmark in
                let store = try LMDBLogStore(path: Workload.directory(events: size))
                try measureReplay(store, benchmark, events: size)
            },
            setup: { try Workload.log(events: size) }
        )

        // A durable commit's time is the disk's sync latency, which swings from run to run on
        // this VM (see Operations): only a gross slowdown fails on time.
        let appendConfiguration = Measures.configuration(maxDuration: .seconds(3), maxIterations: 500, timeTolerance: 400, mallocSlack: 20)
        let sqliteAppender = Slot<(store: SQLiteLogStore, events: [LogEntry])>()
        Benchmark(
            "SQLite_append_one_\(size)_events",
            configuration: appendConfiguration,
            closure: { benchmark in
                try measureAppendOne(sqliteAppender.get.store, sqliteAppender.get.events, benchmark)
            },
            setup: {
                let path = try SQLiteCopies.writableCopy(events: size, name: "kanban-bench-\(size)-append.sqlite")
                let store = try SQLiteLogStore(path: path)
                _ = try store.read { try $0.heads() }
                sqliteAppender.value = (store, try SQLiteCopies.sample(events: size))
            },
            teardown: { sqliteAppender.value = nil }
        )

        let lmdbAppender = Slot<(store: LMDBLogStore, events: [LogEntry])>()
        Benchmark(
            "LMDB_append_one_\(size)_events",
            configuration: appendConfiguration,
            closure: { benchmark in
                try measureAppendOne(lmdbAppender.get.store, lmdbAppender.get.events, benchmark)
            },
            setup: {
                let path = try Workload.writableCopy(events: size, name: "kanban-bench-\(size)-lmdb-append.db")
                let store = try LMDBLogStore(path: path)
                _ = try store.read { try $0.heads() } // LMDB counts the heads once, then only what was appended since
                lmdbAppender.value = (store, try SQLiteCopies.sample(events: size))
            },
            teardown: { lmdbAppender.value = nil }
        )

        let batchConfiguration = Measures.configuration(
            [Measures.eventsPerSecond],
            maxDuration: .seconds(large ? 40 : 10),
            maxIterations: large ? 3 : 10,
            timeTolerance: 100
        )
        let all = Slot<[LogEntry]>()
        Benchmark(
            "SQLite_append_batch_\(size)_events",
            configuration: batchConfiguration,
            closure: { benchmark in
                let path = Workload.scratchPath("kanban-bench-\(size)-batch.sqlite")
                try SQLiteLogStore.remove(at: path)
                do {
                    let store = try SQLiteLogStore(path: path)
                    try measureBatch(store, all.get, benchmark)
                }
                try SQLiteLogStore.remove(at: path)
            },
            setup: { all.value = try SQLiteCopies.entries(events: size) },
            teardown: { all.value = nil }
        )

        Benchmark(
            "LMDB_append_batch_\(size)_events",
            configuration: batchConfiguration,
            closure: { benchmark in
                let path = Workload.scratchPath("kanban-bench-\(size)-batch.db")
                if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
                do { // the environment closes at the end of this scope, before its directory goes
                    let store = try LMDBLogStore(path: path)
                    try measureBatch(store, all.get, benchmark)
                }
                try FileManager.default.removeItem(atPath: path)
            },
            setup: { all.value = try SQLiteCopies.entries(events: size) },
            teardown: { all.value = nil }
        )
    }
}
