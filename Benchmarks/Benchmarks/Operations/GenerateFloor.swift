import Benchmark
import BenchmarkSupport
import Foundation
import Kanban
import KanbanCore
import LMDBStorage

/// What `generate` cannot do without, each part alone on one thread: the floor its
/// `Generate_N_events` figure is measured against (`docs/performance.md`).
///
/// - `Generate_floor_decide_N_events`: the standard workload's commands made and decided on a
///   state of their own, each event stamped and applied: what the decider thread does, with no
///   log (an undo or a redo, 5 % of steps, needs the log's events: it is decided as the edit
///   the workload falls back to when it cannot undo).
/// - `Generate_floor_store_N_events`: the N-event log's events, decoded beforehand, encoded,
///   each put with `MDB_APPEND` in transactions of 10,000 with a durable commit each, and
///   hashed into the audit tree (the leaf, and every node it completes): what the writer
///   cannot do without. No history index, board outline or snapshot. The hashes come from
///   `MerkleHash`'s public API, as arrays: a little above the writer's own hashing in place.
func generateFloorBenchmarks() {
    for size in Workload.sizes {
        Benchmark(
            "Generate_floor_decide_\(size)_events",
            configuration: Measures.configuration([Measures.eventsPerSecond], maxDuration: .seconds(10), maxIterations: 5, warmupIterations: 0),
            closure: { benchmark in
                benchmark.startMeasurement()
                let start = ContinuousClock.now
                let state = try decideWorkload(events: size)
                let elapsed = ContinuousClock.now - start
                benchmark.stopMeasurement()
                precondition(state.lastSequence >= UInt64(size))
                benchmark.measurement(Measures.eventsPerSecond, Int(Double(size) / seconds(elapsed)))
            }
        )

        let decoded = Slot<[RecordedEvent]>()
        Benchmark(
            "Generate_floor_store_\(size)_events",
            configuration: Measures.configuration([Measures.eventsPerSecond], maxDuration: .seconds(10), maxIterations: 5, warmupIterations: 0),
            closure: { benchmark in
                let path = Workload.scratchPath("kanban-bench-floor-\(size).db")
                if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(atPath: path) }
                let environment = try Environment.open(path: path)
                let events = try environment.database(named: "events")
                benchmark.startMeasurement()
                let start = ContinuousClock.now
                let root = try store(decoded.get, in: environment, database: events)
                let elapsed = ContinuousClock.now - start
                benchmark.stopMeasurement()
                precondition(root.count == 32)
                benchmark.measurement(Measures.eventsPerSecond, Int(Double(decoded.get.count) / seconds(elapsed)))
            },
            setup: {
                decoded.value = try Workload.entries(events: size).map { try EventCodec.decode($0.bytes, sequence: $0.position) }
            },
            teardown: { decoded.value = nil }
        )
    }
}

/// The standard workload of `events` events decided on an empty state, as the decider thread
/// decides it, with no log: the state after them.
private func decideWorkload(events: Int) throws -> KanbanState {
    var state = KanbanState()
    state.buildOrderIndex()
    var generator = WorkloadGenerator(seed: Workload.seed, events: events, boards: 1, continuing: state, after: Timestamp(millisecondsSinceEpoch: 0))
    var lastTimestamp = Timestamp(millisecondsSinceEpoch: 0)
    while state.lastSequence < UInt64(events) {
        let (step, actor) = generator.next(in: state)
        let command: Command
        switch step {
        case .command(let decided): command = decided
        case .undo, .redo:
            guard let fallback = generator.fallback(in: state) else { continue }
            command = fallback
        }
        let decided = try Decider.decide(command, actor: actor, in: state, ids: &generator.ids)
        let timestamp = max(generator.timestamp, lastTimestamp)
        for event in decided {
            let recorded = RecordedEvent(
                sequence: state.lastSequence + 1, timestamp: timestamp, actor: event.actor ?? actor,
                id: EventID(.random(using: &generator.ids)), board: event.board, payload: event.payload
            )
            state.apply(recorded)
            lastTimestamp = timestamp
            generator.observe(recorded)
        }
    }
    return state
}

/// `events` encoded, appended to `database` 10,000 a transaction (each committed durably), and
/// hashed into an RFC 6962 tree as they go: its root.
private func store(_ events: [RecordedEvent], in environment: Environment, database: Database) throws -> MerkleHash.Digest {
    var subtrees: [(level: Int, hash: MerkleHash.Digest)] = []
    var start = 0
    while start < events.count {
        let end = min(start + 10_000, events.count)
        try environment.write { transaction in
            for event in events[start..<end] {
                let bytes = EventCodec.encode(event)
                var key = event.sequence.bigEndian
                try withUnsafeBytes(of: &key) { key in
                    try bytes.withUnsafeBytes { value in try transaction.put(value, forKey: key, in: database, flags: .append) }
                }
                var node = (level: 0, hash: MerkleHash.leaf(bytes))
                while let last = subtrees.last, last.level == node.level {
                    subtrees.removeLast()
                    node = (node.level + 1, MerkleHash.node(last.hash, node.hash))
                }
                subtrees.append(node)
            }
        }
        start = end
    }
    guard var root = subtrees.last?.hash else { return MerkleHash.empty }
    for subtree in subtrees.dropLast().reversed() { root = MerkleHash.node(subtree.hash, root) }
    return root
}

/// `duration` in seconds.
private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
