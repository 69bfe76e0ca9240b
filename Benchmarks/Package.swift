// swift-tools-version: 6.1
// The benchmark suite, a package of its own (as swift-nio does) so the main package builds and
// tests without package-benchmark. Run from the repository root: `make bench`.
//
// Three suites (executable targets), one process per benchmark, all on the standard workload
// (`shared/WORKLOAD.md`) at 100,000 events (and 1,000,000 with `KANBAN_BENCH_LARGE=1`):
// - Replay: full replay, open (snapshot + tail), and the raw LMDB cursor scan that is its floor;
// - Operations: one durable command, batched generate, the board at a past sequence, a history page;
// - AppsJSON: what the iPad apps did (the whole board as JSON, rewritten and fsynced on every change).
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
            name: "AppsJSON",
            dependencies: benchmarkDependencies,
            path: "Benchmarks/AppsJSON",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
