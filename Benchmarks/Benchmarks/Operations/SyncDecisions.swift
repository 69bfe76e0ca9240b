import Benchmark
import BenchmarkSupport
import Foundation
import Kanban
import KanbanCore

/// A pushed mutation decided on a card with a long history costs what it costs on a fresh card:
/// new detail ids are checked in the history index, and `since` checks read the card's events
/// after `since`, not its whole trail.
///
/// - `Sync_decisions_fresh_card` and `Sync_decisions_50000-event_card`: one push of 100
///   mutations (20 `addChecklistItem` with the client's ids, 80 `editCard` with `since`), one
///   durable commit, on a card with 3 events and on one with 50,000 (checklist flips pushed
///   beforehand); at most 30 pushes, so the card stays under its 1,000 checklist items. The
///   goal: the long card's p50 at most twice the fresh card's.
func syncDecisionBenchmarks() {
    for flips in [0, 50_000] {
        let slot = Slot<(engine: KanbanEngine, card: String, next: UInt64)>()
        let name = flips == 0 ? "Sync_decisions_fresh_card" : "Sync_decisions_\(flips)-event_card"
        Benchmark(
            name,
            configuration: Measures.configuration(maxDuration: .seconds(5), maxIterations: 30, timeTolerance: 200, mallocSlack: 2_000),
            closure: { benchmark in
                guard let (engine, card, first) = slot.value else { return }
                var next = first
                let since = try engine.lastSequence()
                var mutations: [Mutation] = []
                for index in 0..<100 {
                    let command: Command = index % 5 == 0
                        ? .addChecklistItem(board: "main", card: card, text: "step \(next)")
                        : .editCard(board: "main", card: card, title: "Card \(next)", description: nil, due: nil)
                    var mutation = Mutation(id: next, command: command, since: index % 5 == 0 ? nil : since)
                    if index % 5 == 0 { mutation.newDetail = DetailID(.random()) }
                    mutations.append(mutation)
                    next += 1
                }
                benchmark.startMeasurement()
                let results = try await engine.sync.push(mutations, client: "bench", actor: "bench")
                benchmark.stopMeasurement()
                precondition(results.allSatisfy { if case .applied = $0 { true } else { false } }, "\(results.prefix(3))")
                slot.value = (engine, card, next)
            },
            setup: {
                let path = Workload.scratchPath("kanban-bench-sync-decisions-\(flips).db")
                if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
                let engine = try KanbanEngine(path: path)
                let added = try await engine.execute(.addCard(board: "main", title: "Card"), actor: "bench")
                guard case .cardAdded(let card)? = added.last?.payload else { fatalError("no card added") }
                let id = card.card.id.description
                let item = try await engine.execute(.addChecklistItem(board: "main", card: id, text: "flip me"), actor: "bench")
                guard case .cardDetail(let changed)? = item.last?.payload, case .itemAdded(let flipped, _) = changed.edit else { fatalError("no item added") }
                var next: UInt64 = 1
                while next <= UInt64(flips) {
                    let batch = (0..<min(1_000, flips - Int(next) + 1)).map { offset in
                        Mutation(id: next + UInt64(offset), command: .checkChecklistItem(board: "main", card: id, item: flipped.id.description, done: offset % 2 == 0))
                    }
                    _ = try await engine.sync.push(batch, client: "bench", actor: "bench")
                    next += UInt64(batch.count)
                }
                slot.value = (engine, id, next)
            },
            teardown: { slot.value = nil }
        )
    }
}
