import Benchmark
import BenchmarkSupport
import Foundation
import Kanban
import KanbanCore

/// Many clients at once, through the async API (`execute(_:actor:) async`): 1, 8 and 64 tasks
/// each issuing durable moves on the standard workload's board (a copy of the 100,000-event
/// log), all at the same time. Group commit decides the moves that arrive together one after
/// another and commits them in one write transaction (one fsync).
///
/// - `commandsPerSecond`: moves committed per second, the whole round;
/// - `latencyP50` / `latencyP99` (microseconds): from a task's call to its answer, per move;
/// - `batch`: commands per commit, on average.
///
/// The goal: 64 writers reach at least 10× the single writer's rate, p99 ≤ 10 ms.
let benchmarks: @Sendable () -> Void = {
    let commandsPerSecond = BenchmarkMetric.custom("commandsPerSecond", polarity: .prefersLarger, useScalingFactor: false)
    let latencyP50 = BenchmarkMetric.custom("latencyP50 (μs)", polarity: .prefersSmaller, useScalingFactor: false)
    let latencyP99 = BenchmarkMetric.custom("latencyP99 (μs)", polarity: .prefersSmaller, useScalingFactor: false)
    let batch = BenchmarkMetric.custom("batch", polarity: .prefersLarger, useScalingFactor: false)
    let size = Workload.sizes.first ?? 100_000

    for writers in [1, 8, 64] {
        let shared = Slot<(engine: KanbanEngine, cards: [String], columns: [String])>()
        // Every writer issues this many moves a round: about 1,000 moves a round in all.
        let perWriter = max(1_024 / writers, 16)
        Benchmark(
            "Concurrent_moves_\(writers)_writers",
            configuration: .init(
                metrics: [.wallClock, .peakMemoryResident, commandsPerSecond, latencyP50, latencyP99, batch],
                warmupIterations: 1,
                scalingFactor: .one,
                maxDuration: .seconds(10),
                maxIterations: 5,
                thresholds: [
                    commandsPerSecond: BenchmarkThresholds(relative: [.p50: 60, .p90: 60]),
                    latencyP99: BenchmarkThresholds(relative: [.p50: 300, .p90: 300]),
                ]
            ),
            closure: { benchmark in
                let (engine, cards, columns) = shared.get
                let before = engine.writeStatistics
                let start = ContinuousClock.now
                let latencies = try await withThrowingTaskGroup(of: [Duration].self) { group in
                    for writer in 0..<writers {
                        group.addTask {
                            var generator = SystemRandomNumberGenerator()
                            var latencies: [Duration] = []
                            latencies.reserveCapacity(perWriter)
                            for _ in 0..<perWriter {
                                let command = Command.moveCard(
                                    board: "main",
                                    card: cards.randomElement(using: &generator)!,
                                    column: columns.randomElement(using: &generator)!,
                                    index: 0
                                )
                                let sent = ContinuousClock.now
                                _ = try await engine.execute(command, actor: "writer\(writer)")
                                latencies.append(ContinuousClock.now - sent)
                            }
                            return latencies
                        }
                    }
                    var all: [Duration] = []
                    for try await some in group { all += some }
                    return all.sorted()
                }
                let elapsed = ContinuousClock.now - start
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                func micros(_ duration: Duration) -> Int {
                    Int(duration.components.seconds) * 1_000_000 + Int(duration.components.attoseconds / 1_000_000_000_000)
                }
                let after = engine.writeStatistics
                benchmark.measurement(commandsPerSecond, Int(Double(latencies.count) / seconds))
                benchmark.measurement(latencyP50, micros(latencies[latencies.count / 2]))
                benchmark.measurement(latencyP99, micros(latencies[min(latencies.count - 1, latencies.count * 99 / 100)]))
                benchmark.measurement(batch, (after.commands - before.commands) / max(after.commits - before.commits, 1))
            },
            setup: {
                let engine = try KanbanEngine(path: try Workload.writableCopy(events: size, name: "kanban-bench-concurrent-\(writers).db"))
                let board = try engine.boardView(named: "main")
                let cards = board.columns.flatMap { $0.cards.map { $0.card.id.description } }
                shared.value = (engine, Array(cards.prefix(2_000)), board.columns.map(\.name))
            },
            teardown: { shared.value = nil }
        )
    }
}
