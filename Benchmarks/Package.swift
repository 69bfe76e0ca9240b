// swift-tools-version: 6.1
// The benchmark suite, a package of its own (as swift-nio does) so the main package builds and
// tests without package-benchmark. Run from the repository root: `make bench`.
import PackageDescription

let package = Package(
    name: "KanbanBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Kanban", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "Replay",
            dependencies: [
                .product(name: "Kanban", package: "Kanban"),
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/Replay",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
