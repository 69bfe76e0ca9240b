import Benchmark
import BenchmarkSupport
import Foundation
import Kanban
import KanbanCore

/// What a user and the generator do, on the standard workload (`Benchmarks/README.md`) at
/// 100,000 events (and 1,000,000 with `KANBAN_BENCH_LARGE=1`).
///
/// - `Command_add|move_N_events`: one command end to end — catch up, decide, append, durable
///   commit (LMDB syncs) — on an engine already open on a log of N events. A copy of the log, so
///   the shared one stays as generated. p50 and p99 per command.
/// - `Generate_N_events`: the standard workload appended in batches of 10,000 events per write
///   transaction into an empty database, background snapshots running (`eventsPerSecond`).
/// - `Board_at_past_sequence_N_events`: `boardView(named:at:)` at a random sequence number:
///   the newest snapshot at or before it plus the events up to it. p50 and p99.
/// - `History_page_N_events`: `history(HistoryQuery(limit: 50))`, the latest 50 entries.
/// - `Card_history_page_N_events`: the latest 50 entries of one card, a different card each
///   time, taken from every part of the log (through the history index). p50 and p99.
/// - `Sync_decisions_…`: a push decided on a fresh card and on a 50,000-event one (``syncDecisionBenchmarks()``).
/// - `Generate_floor_…`: what generate cannot do without, each part alone (``generateFloorBenchmarks()``).
let benchmarks: @Sendable () -> Void = {
    syncDecisionBenchmarks()
    generateFloorBenchmarks()
    for size in Workload.sizes {
        let large = size >= 1_000_000

        // A durable commit's time is the disk's fsync latency, which on this VM swings between
        // 0.4 and 6 ms from one run to the next: only a gross slowdown (5×) fails on time. The
        // allocation count (about 50 a command, ±20) is what catches a command doing more work.
        let commandTolerance = 400.0
        let adder = Slot<KanbanEngine>()
        Benchmark(
            "Command_add_\(size)_events",
            configuration: Measures.configuration(maxDuration: .seconds(3), maxIterations: 500, timeTolerance: commandTolerance, mallocSlack: 20),
            closure: { benchmark in
                let title = "Benchmark card \(benchmark.currentIteration)"
                benchmark.startMeasurement()
                let events = try adder.get.execute(.addCard(board: "main", title: title, description: "One more."), actor: "bench")
                benchmark.stopMeasurement()
                precondition(events.count == 1)
            },
            setup: {
                let engine = try KanbanEngine(path: try Workload.writableCopy(events: size, name: "kanban-bench-\(size)-add.db"))
                _ = try engine.statistics() // replays the log: the benchmark measures commands, not the first open
                adder.value = engine
            },
            teardown: { adder.value = nil }
        )

        let mover = Slot<(engine: KanbanEngine, cards: [String], columns: [String])>()
        Benchmark(
            "Command_move_\(size)_events",
            configuration: Measures.configuration(maxDuration: .seconds(3), maxIterations: 500, timeTolerance: commandTolerance, mallocSlack: 20),
            closure: { benchmark in
                let (engine, cards, columns) = mover.get
                let command = Command.moveCard(
                    board: "main", card: cards.randomElement()!, column: columns.randomElement()!, index: 0
                )
                benchmark.startMeasurement()
                let events = try engine.execute(command, actor: "bench")
                benchmark.stopMeasurement()
                blackHole(events)
            },
            setup: {
                let engine = try KanbanEngine(path: try Workload.writableCopy(events: size, name: "kanban-bench-\(size)-move.db"))
                let board = try engine.boardView(named: "main")
                let cards = board.columns.flatMap { $0.cards.map { $0.card.id.description } }
                mover.value = (engine, cards, board.columns.map(\.name))
            },
            teardown: { mover.value = nil }
        )

        Benchmark(
            "Generate_\(size)_events",
            configuration: Measures.configuration(
                [Measures.eventsPerSecond],
                maxDuration: .seconds(large ? 40 : 10),
                maxIterations: large ? 2 : 5,
                warmupIterations: 0,
                timeTolerance: 100 // background snapshots share the 2 cores with whatever else runs
            ),
            closure: { benchmark in
                let path = Workload.scratchPath("kanban-bench-generate-\(size).db")
                if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
                do {
                    let engine = try KanbanEngine(path: path)
                    benchmark.startMeasurement()
                    let report = try engine.importer.generate(events: size, seed: Workload.seed)
                    benchmark.stopMeasurement()
                    benchmark.measurement(Measures.eventsPerSecond, Int(report.eventsPerSecond))
                    EngineSnapshots.waitForBackgroundWork()
                }
                try FileManager.default.removeItem(atPath: path)
            }
        )

        let traveller = Slot<KanbanEngine>()
        Benchmark(
            "Board_at_past_sequence_\(size)_events",
            // Allocations depend on the random sequence's distance from its snapshot: ±3,000.
            configuration: Measures.configuration(maxDuration: .seconds(3), maxIterations: 300, mallocSlack: 3_000),
            closure: { benchmark in
                let sequence = UInt64.random(in: 1...UInt64(size))
                benchmark.startMeasurement()
                let view = try traveller.get.timeTravel.boardView(named: "main", at: .sequence(sequence))
                benchmark.stopMeasurement()
                blackHole(view)
            },
            setup: {
                let engine = try KanbanEngine(path: try Workload.log(events: size))
                _ = try engine.statistics()
                traveller.value = engine
            },
            teardown: { traveller.value = nil }
        )

        let historian = Slot<KanbanEngine>()
        Benchmark(
            "History_page_\(size)_events",
            configuration: Measures.configuration(maxDuration: .seconds(large ? 10 : 4), maxIterations: large ? 10 : 40),
            closure: { benchmark in
                benchmark.startMeasurement()
                let page = try historian.get.history.entries(HistoryQuery(limit: 50))
                benchmark.stopMeasurement()
                precondition(page.count == 50)
            },
            setup: {
                let engine = try KanbanEngine(path: try Workload.log(events: size))
                _ = try engine.statistics()
                historian.value = engine
            },
            teardown: { historian.value = nil }
        )

        let cardHistorian = Slot<(engine: KanbanEngine, cards: [String])>()
        Benchmark(
            "Card_history_page_\(size)_events",
            // Allocations follow the card's trail: a card with a long one makes a few hundred more.
            configuration: Measures.configuration(maxDuration: .seconds(3), maxIterations: 200, mallocSlack: 500),
            closure: { benchmark in
                let (engine, cards) = cardHistorian.get
                let card = cards[benchmark.currentIteration % cards.count]
                benchmark.startMeasurement()
                let page = try engine.history.entries(HistoryQuery(board: nil, card: card, limit: 50))
                benchmark.stopMeasurement()
                precondition(!page.isEmpty)
            },
            setup: {
                let engine = try KanbanEngine(path: try Workload.log(events: size))
                _ = try engine.statistics()
                try engine.history.catchUpIndex() // a log generated before the index existed
                // The first card added after each hundredth of the log: old cards and new.
                var cards: [String] = []
                for part in 0..<100 {
                    let events = try engine.events(after: UInt64(size / 100 * part), limit: 50)
                    if let card = events.lazy.compactMap({ event -> CardID? in
                        if case .cardAdded(let added) = event.payload { added.card.id } else { nil }
                    }).first {
                        cards.append(card.description)
                    }
                }
                cardHistorian.value = (engine, cards)
            },
            teardown: { cardHistorian.value = nil }
        )
    }
}
