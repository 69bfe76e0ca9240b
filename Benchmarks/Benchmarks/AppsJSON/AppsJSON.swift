import Benchmark
import BenchmarkSupport
import Foundation
import Kanban

/// The iPad apps' own approach, for comparison with the engine on the same events: the board
/// the standard workload's log folds to (100,000 events, and 1,000,000 with
/// `KANBAN_BENCH_LARGE=1`) held as one Codable value (``AppBoard``) in a JSON file.
///
/// - `JSON_rewrite_per_change_N_events`: one drag (a random card to a random column and place),
///   then what the apps did on every change: `JSONEncoder` over the whole board, the file
///   rewritten, `fsync`. Compare with `Operations: Command_move_N_events`.
/// - `JSON_load_N_events`: what they did at launch: read the file, `JSONDecoder` the whole
///   board. Compare with `Replay: Open_N_events` and `Replay: Replay_N_events`.
let benchmarks: @Sendable () -> Void = {
    for size in Workload.sizes {
        let path = Workload.scratchPath("kanban-bench-\(size)-apps.json")
        let board = Slot<AppBoard>()

        /// The board the log of `size` events folds to, saved once.
        @Sendable func prepare() throws {
            let engine = try KanbanEngine(path: try Workload.log(events: size))
            let app = AppBoard(try engine.boardView(named: "main"))
            try app.save(to: path)
            board.value = app
        }

        Benchmark(
            "JSON_rewrite_per_change_\(size)_events",
            configuration: Measures.configuration([Measures.bytes], maxDuration: .seconds(size >= 1_000_000 ? 6 : 3), maxIterations: 300, timeTolerance: 100),
            closure: { benchmark in
                var app = board.get
                let nonEmpty = app.columns.indices.filter { !app.columns[$0].cards.isEmpty }
                let source = nonEmpty.randomElement()!
                let target = app.columns.indices.randomElement()!
                let from = Int.random(in: 0..<app.columns[source].cards.count)
                let to = Int.random(in: 0...app.columns[target].cards.count)
                board.value = nil // one copy of the board, mutated in place
                benchmark.startMeasurement()
                app.move(column: source, index: from, toColumn: target, index: to)
                try app.save(to: path)
                benchmark.stopMeasurement()
                board.value = app
                benchmark.measurement(Measures.bytes, Workload.fileBytes(path))
            },
            setup: prepare,
            teardown: { board.value = nil }
        )

        Benchmark(
            "JSON_load_\(size)_events",
            configuration: Measures.configuration([Measures.bytes], maxDuration: .seconds(size >= 1_000_000 ? 6 : 3), maxIterations: 300),
            closure: { benchmark in
                benchmark.startMeasurement()
                let loaded = try AppBoard.load(from: path)
                benchmark.stopMeasurement()
                precondition(loaded.cardCount == board.get.cardCount)
                benchmark.measurement(Measures.bytes, Workload.fileBytes(path))
            },
            setup: prepare,
            teardown: { board.value = nil }
        )
    }
}
