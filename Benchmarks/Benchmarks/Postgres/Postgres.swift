import Benchmark
import BenchmarkSupport
import Foundation
import Kanban
import KanbanCore
import KanbanPostgres

/// The same log on PostgreSQL, the shared log's store: the standard workload's events (100,000,
/// and 1,000,000 with `KANBAN_BENCH_LARGE=1`) copied once per size into the schema
/// `kanban_bench_N` of the database `KANBAN_BENCH_POSTGRES_URL` names (`. scripts/postgres-test-cluster.sh`
/// starts a throwaway server and sets it as `KANBAN_TEST_POSTGRES_URL`). Without that variable the
/// suite has no benchmarks. The first three are the SQLite suite's, with the same code through the
/// same `LogStore` protocol, so they compare with `SQLite` and `LMDB` there:
///
/// - `Postgres_replay_N_events`: the whole log folded into board state (`replayedState()`).
/// - `Postgres_append_one_N_events`: one event appended after the last in a durable write of
///   its own (its transaction committed: a WAL flush), on a copy of the N-event log.
/// - `Postgres_append_batch_N_events`: the whole log into an empty schema, 10,000 events per
///   durable write.
/// - `Postgres_node_catch_up_N_events`: a node's start on the shared log with an empty cache:
///   the engine copies the log into its LMDB cache 100,000 events a step, as `kanban serve
///   --store` does (`EngineSync.catchUp(from:limit:)`), history index and audit tree included.
let benchmarks: @Sendable () -> Void = {
    guard PostgresCopies.url != nil else { return }
    for size in Workload.sizes {
        let large = size >= 1_000_000
        Benchmark(
            "Postgres_replay_\(size)_events",
            configuration: Measures.configuration([Measures.eventsPerSecond], maxDuration: .seconds(large ? 30 : 10), maxIterations: large ? 5 : 20),
            closure: { benchmark in
                let store = try PostgresCopies.store(events: size)
                try measureReplay(store, benchmark, events: size)
            },
            setup: { try PostgresCopies.store(events: size) }
        )

        let appender = Slot<(store: PostgresLogStore, events: [LogEntry])>()
        Benchmark(
            "Postgres_append_one_\(size)_events",
            configuration: Measures.configuration(maxDuration: .seconds(3), maxIterations: 500, timeTolerance: 400, mallocSlack: 20),
            closure: { benchmark in try measureAppendOne(appender.get.store, appender.get.events, benchmark) },
            setup: {
                let store = try PostgresCopies.writableCopy(events: size, name: "kanban_bench_\(size)_append")
                _ = try store.read { try $0.heads() }
                appender.value = (store, try Workload.entries(events: size, limit: 10_000))
            },
            teardown: { appender.value = nil }
        )

        let all = Slot<[LogEntry]>()
        Benchmark(
            "Postgres_append_batch_\(size)_events",
            configuration: Measures.configuration([Measures.eventsPerSecond], maxDuration: .seconds(large ? 60 : 20), maxIterations: large ? 2 : 5, timeTolerance: 100),
            closure: { benchmark in
                let name = "kanban_bench_\(size)_batch"
                try PostgresCopies.drop(schema: name)
                do {
                    let store = try PostgresLogStore(url: try PostgresCopies.url(schema: name))
                    try measureBatch(store, all.get, benchmark)
                    store.close()
                }
                try PostgresCopies.drop(schema: name)
            },
            setup: { all.value = try Workload.entries(events: size) },
            teardown: { all.value = nil }
        )

        Benchmark(
            "Postgres_node_catch_up_\(size)_events",
            configuration: Measures.configuration([Measures.eventsPerSecond], maxDuration: .seconds(large ? 60 : 20), maxIterations: large ? 2 : 5, timeTolerance: 100),
            closure: { benchmark in
                let url = try PostgresCopies.url(schema: PostgresCopies.schema(events: size))
                let cache = Workload.scratchPath("kanban-bench-\(size)-node-cache.db")
                if FileManager.default.fileExists(atPath: cache) { try FileManager.default.removeItem(atPath: cache) }
                do {
                    let writer = try PostgresLogStore(url: url)
                    let follower = try PostgresLogStore(url: url)
                    let engine = try KanbanEngine(path: cache, options: EngineOptions(durability: .noMetaSync, isShortLived: true, sharedLog: writer))
                    benchmark.startMeasurement()
                    let start = ContinuousClock.now
                    var copied = 0
                    while case let step = try engine.sync.catchUp(from: follower, limit: 100_000), step > 0 { copied += step }
                    let elapsed = ContinuousClock.now - start
                    benchmark.stopMeasurement()
                    precondition(copied == size, "caught up \(copied) of \(size) events")
                    benchmark.measurement(Measures.eventsPerSecond, perSecond(copied, elapsed))
                }
                try FileManager.default.removeItem(atPath: cache)
            },
            setup: { try PostgresCopies.store(events: size) }
        )
    }
}
