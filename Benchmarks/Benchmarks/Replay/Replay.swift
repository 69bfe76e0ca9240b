import Benchmark
import Foundation
import Kanban

/// Full replay of the standard workload (`shared/WORKLOAD.md`) into board state, at 100,000
/// events (and 1,000,000 with `KANBAN_BENCH_LARGE=1`). The log is generated once per size.
let benchmarks: @Sendable () -> Void = {
    var sizes = [100_000]
    if ProcessInfo.processInfo.environment["KANBAN_BENCH_LARGE"] != nil { sizes.append(1_000_000) }

    for size in sizes {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kanban-bench-\(size).db").path
        Benchmark(
            "Replay \(size) events",
            configuration: .init(
                metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal, .throughput],
                scalingFactor: .one,
                maxDuration: .seconds(10),
                maxIterations: 20
            ),
            closure: { benchmark in
                let engine = try KanbanEngine(path: path)
                benchmark.startMeasurement()
                blackHole(try engine.replay())
                benchmark.stopMeasurement()
            },
            setup: {
                if !FileManager.default.fileExists(atPath: path + "/data.mdb") {
                    try KanbanEngine(path: path).generate(events: size, seed: 1)
                }
            }
        )
    }
}
