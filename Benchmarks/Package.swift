// swift-tools-version: 6.1
// The benchmark suite, a package of its own (as swift-nio does) so the main package builds and
// tests without package-benchmark. Run from the repository root: `make bench`.
//
// Three suites (executable targets), one process per benchmark, all on the standard workload
// (`Benchmarks/README.md`) at 100,000 events (and 1,000,000 with `KANBAN_BENCH_LARGE=1`):
// - Replay: full replay, open (snapshot + tail), and the raw LMDB cursor scan that is its floor;
// - Operations: one durable command, batched generate, the board at a past sequence, a history page;
// - AppsJSON: what the iPad apps did (the whole board as JSON, rewritten and fsynced on every change);
// - SQLite: the same events in a SQLite database (GRDB) behind the log's `LogStore` protocol —
//   replay, one durable append, batched append — beside the same three on LMDB's `LogStore`.
// `SQLiteLogStore` (a library, not a suite) is that second store; `SQLiteLogStoreTests` runs the
// store contract on it (`LogStoreConformance`, from the main package's `KanbanTestSupport`) and
// checks that it folds to the state LMDB folds to. Neither is part of the main package.
// Static thresholds for `swift package benchmark thresholds check` are in Thresholds/.
import PackageDescription

let benchmarkDependencies: [Target.Dependency] = [
    "BenchmarkSupport",
    .product(name: "Kanban", package: "Kanban"),
    .product(name: "KanbanCore", package: "Kanban"),
    .product(name: "LMDBStorage", package: "Kanban"),
    .product(name: "Benchmark", package: "package-benchmark"),
]

let package = Package(
    name: "KanbanBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Kanban", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        // The generated logs, the sizes, the shared metrics and tolerances.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "Kanban", package: "Kanban"),
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/Support"
        ),
        .executableTarget(
            name: "Replay",
            dependencies: benchmarkDependencies,
            path: "Benchmarks/Replay",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "Operations",
            dependencies: benchmarkDependencies,
            path: "Benchmarks/Operations",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "ConcurrentWriters",
            dependencies: benchmarkDependencies,
            path: "Benchmarks/ConcurrentWriters",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "AppsJSON",
            dependencies: benchmarkDependencies,
            path: "Benchmarks/AppsJSON",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // A second `LogStore`: the log in SQLite (WAL, synchronous=FULL), for the benchmarks and
        // the tests only. A library: package-benchmark runs only executables.
        .target(
            name: "SQLiteLogStore",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Kanban", package: "Kanban"),
                .product(name: "KanbanCore", package: "Kanban"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            path: "Benchmarks/SQLiteLogStore"
        ),
        .executableTarget(
            name: "SQLite",
            dependencies: benchmarkDependencies + ["SQLiteLogStore"],
            path: "Benchmarks/SQLite",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // The same on the shared log's PostgreSQL store (`KanbanPostgres`), when
        // `KANBAN_BENCH_POSTGRES_URL` names a server (`. scripts/postgres-test-cluster.sh` starts one).
        .executableTarget(
            name: "Postgres",
            dependencies: benchmarkDependencies + [
                .product(name: "KanbanPostgres", package: "Kanban"), .product(name: "KanbanLog", package: "Kanban"),
            ],
            path: "Benchmarks/Postgres",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .testTarget(
            name: "SQLiteLogStoreTests",
            dependencies: [
                "SQLiteLogStore", "BenchmarkSupport",
                .product(name: "Kanban", package: "Kanban"),
                .product(name: "KanbanCore", package: "Kanban"),
                .product(name: "KanbanTestSupport", package: "Kanban"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/SQLiteLogStoreTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
