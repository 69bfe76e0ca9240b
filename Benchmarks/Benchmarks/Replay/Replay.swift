import Benchmark
import BenchmarkSupport
import Foundation
import Kanban
import KanbanCore
import LMDBStorage

/// Rebuilding the board state from the log, on the standard workload (`Benchmarks/README.md`) at
/// 100,000 events (and 1,000,000 with `KANBAN_BENCH_LARGE=1`). Each log is generated once.
/// Names have no spaces: package-benchmark 1.38 writes threshold files with `_` for spaces but
/// looks them up by the name as is, so a name with spaces never finds its thresholds.
///
/// - `Replay_N_events`: the whole log folded into board state, snapshots ignored.
/// - `Open_N_events`: a fresh engine on a log with snapshots, to ready: the newest snapshot plus
///   the events after it (`tailEvents` says how many).
/// - `Open_with_10000-event_tail_N_events`: the same on a copy with 10,000 events after the
///   newest snapshot (half the snapshot interval: the average tail).
/// - `Flow_N_events`: `kanban flow` on `main` (every event of the log is read, the board's
///   decoded and folded into the flow report), on an engine already open: compare with
///   `Replay_N_events` (the goal: at most twice a full replay at 1,000,000 events).
/// - `Raw_LMDB_scan_N_events`: a cursor over the `events` database summing every key and value
///   byte, nothing decoded. The floor replay cannot beat: report replay ÷ scan.
let benchmarks: @Sendable () -> Void = {
    for size in Workload.sizes {
        let large = size >= 1_000_000

        Benchmark(
            "Replay_\(size)_events",
            configuration: Measures.configuration(
                [Measures.eventsPerSecond],
                maxDuration: .seconds(large ? 20 : 8),
                maxIterations: large ? 15 : 50
            ),
            closure: { benchmark in
                let engine = try KanbanEngine(path: Workload.directory(events: size))
                benchmark.startMeasurement()
                let report = try engine.replay(ignoringSnapshots: true)
                benchmark.stopMeasurement()
                precondition(report.snapshot == nil && report.tailEvents >= size)
                benchmark.measurement(Measures.eventsPerSecond, Int(report.eventsPerSecond))
            },
            setup: { try Workload.log(events: size) }
        )

        Benchmark(
            "Flow_\(size)_events",
            configuration: Measures.configuration(
                [Measures.eventsPerSecond],
                maxDuration: .seconds(large ? 20 : 8),
                maxIterations: large ? 15 : 50
            ),
            closure: { benchmark in
                let engine = try KanbanEngine(path: Workload.directory(events: size))
                // Open first (newest snapshot + tail), so that only the flow's own pass is measured.
                let events = try engine.statistics().events
                benchmark.startMeasurement()
                let start = ContinuousClock.now
                let report = try engine.history.flow(board: "main", timeZone: TimeZone(identifier: "UTC")!)
                let elapsed = ContinuousClock.now - start
                benchmark.stopMeasurement()
                precondition(report.days.count >= 365 && !report.cards.isEmpty, "the flow of \(size) events is empty")
                blackHole(report)
                let seconds = Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
                benchmark.measurement(Measures.eventsPerSecond, seconds > 0 ? Int(Double(events) / seconds) : 0)
            },
            setup: { try Workload.log(events: size) }
        )

        Benchmark(
            "Open_\(size)_events",
            configuration: Measures.configuration(
                [Measures.tailEvents],
                maxDuration: .seconds(large ? 8 : 4),
                maxIterations: 200
            ),
            closure: { benchmark in
                let path = Workload.directory(events: size)
                benchmark.startMeasurement()
                let engine = try KanbanEngine(path: path)
                let report = try engine.replay()
                benchmark.stopMeasurement()
                precondition(report.snapshot != nil, "the log of \(size) events has no snapshot")
                benchmark.measurement(Measures.tailEvents, report.tailEvents)
                // The engine (and with it the LMDB environment) closes here, outside the measurement.
            },
            setup: { try Workload.log(events: size) }
        )

        let tailed = Slot<String>()
        Benchmark(
            "Open_with_10000-event_tail_\(size)_events",
            configuration: Measures.configuration(
                [Measures.tailEvents],
                maxDuration: .seconds(large ? 8 : 4),
                maxIterations: 200
            ),
            closure: { benchmark in
                benchmark.startMeasurement()
                let engine = try KanbanEngine(path: tailed.get)
                let report = try engine.replay()
                benchmark.stopMeasurement()
                precondition(report.snapshot != nil, "the log of \(size) events has no snapshot")
                benchmark.measurement(Measures.tailEvents, report.tailEvents)
            },
            setup: {
                // A copy of the log with 10,000 more events and no snapshot for them: half the
                // snapshot interval, the tail an open meets on average.
                let path = try Workload.writableCopy(events: size, name: "kanban-bench-\(size)-tail.db")
                try KanbanEngine(path: path, options: EngineOptions(snapshotInterval: 0))
                    .importer.generate(events: 10_000, seed: Workload.seed + 1)
                tailed.value = path
            }
        )

        Benchmark(
            "Raw_LMDB_scan_\(size)_events",
            configuration: Measures.configuration(
                [Measures.eventsPerSecond, Measures.bytes],
                maxDuration: .seconds(large ? 8 : 4),
                maxIterations: 200,
                mallocSlack: 30
            ),
            closure: { benchmark in
                // The log straight from LMDB (the engine keeps its own `log` internal).
                let log = try EventLog(environment: try Environment.open(path: Workload.directory(events: size)))
                benchmark.startMeasurement()
                let start = ContinuousClock.now
                let (events, bytes, sum) = try log.environment.read { transaction in
                    try transaction.withCursor(on: log.database) { cursor in
                        var events = 0, bytes = 0
                        var sum: UInt64 = 0
                        var entry = try cursor.first()
                        while let current = entry {
                            sum &+= byteSum(current.key) &+ byteSum(current.value)
                            bytes += current.key.count + current.value.count
                            events += 1
                            entry = try cursor.next()
                        }
                        return (events, bytes, sum)
                    }
                }
                let elapsed = ContinuousClock.now - start
                benchmark.stopMeasurement()
                blackHole(sum)
                precondition(events >= size)
                let seconds = Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
                benchmark.measurement(Measures.eventsPerSecond, seconds > 0 ? Int(Double(events) / seconds) : 0)
                benchmark.measurement(Measures.bytes, bytes)
            },
            setup: { try Workload.log(events: size) }
        )
    }
}

/// The sum of `bytes`, every byte read (a plain loop the compiler vectorizes).
@inline(__always)
func byteSum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    guard let base = bytes.baseAddress else { return 0 }
    let buffer = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    var sum: UInt32 = 0 // an event is far below 16 MB: no overflow
    for byte in buffer { sum &+= UInt32(byte) }
    return UInt64(sum)
}
