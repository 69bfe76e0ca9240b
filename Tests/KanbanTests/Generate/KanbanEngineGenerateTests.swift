import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

struct KanbanEngineGenerateTests {
    /// Generates into a fresh database and returns its events and final state.
    static func generate(
        events: Int, seed: UInt64, boards: Int = 1, batchSize: Int = 10_000, mapSize: Int = 1 << 30
    ) throws -> (report: ReplayReport, events: [RecordedEvent], state: StateSnapshot) {
        let directory = try TemporaryDirectory(prefix: "kanban-generate")
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("db"), options: EngineOptions(mapSize: mapSize))
        let report = try engine.importer.generate(events: events, seed: seed, boards: boards, batchSize: batchSize)
        let state = try engine.withState { StateSnapshot($0) }
        let fresh = try KanbanEngine(path: directory.appending("db")).withState { StateSnapshot($0) }
        #expect(fresh == state, "a fresh engine disagrees: \(fresh.differences(from: state))")
        return (report, try engine.events(), state)
    }

    /// An event without its envelope id, which `generate` draws from the system's generator.
    static func withoutID(_ event: RecordedEvent) -> RecordedEvent {
        var copy = event
        copy.id = EventID(Identifier(high: 0, low: 0))
        return copy
    }

    @Test("generate appends the events asked for, numbered 1…n, and the state replays the same")
    func generateCounts() throws {
        let (report, events, state) = try Self.generate(events: 3000, seed: 5)
        #expect(report.events == events.count)
        #expect(events.count >= 3000 && events.count <= 3002)
        #expect(events.map(\.sequence) == Array(1...UInt64(events.count)))
        #expect(state.lastSequence == UInt64(events.count))
        #expect(!state.cards.isEmpty)
    }

    @Test("The same seed gives the same workload: boards, cards, moves and timestamps")
    func deterministicWorkload() throws {
        let first = try Self.generate(events: 2000, seed: 7)
        let second = try Self.generate(events: 2000, seed: 7)
        let other = try Self.generate(events: 2000, seed: 8)
        #expect(first.events.map(Self.withoutID) == second.events.map(Self.withoutID))
        #expect(first.state == second.state)
        #expect(first.events.map(\.payload) != other.events.map(\.payload))
    }

    @Test(
        "The same seed gives the same log, event ids included"
    )
    func deterministicLog() throws {
        let first = try Self.generate(events: 500, seed: 7)
        let second = try Self.generate(events: 500, seed: 7)
        #expect(first.events.map(\.id) == second.events.map(\.id))
    }

    @Test(
        "The standard workload is pinned: 3,000 events of seed 1 have the audit root they had when the figures were taken",
        arguments: [
            (1, "9c91f2ef5c8cc82182db45c970c4b628819c673c457f5b7f6ae9632ffa58414d"),
            (3, "87a35f1c7b2c32dac53067d3eb97538768b1e2ecf3fc437fb99b4035d82b9387"),
        ]
    )
    func pinnedWorkload(boards: Int, root: String) throws {
        // Every figure in the performance guide is taken on this workload: a change to the
        // generator or the decider that changes its events (their bytes, ids or stamps) shows here.
        let directory = try TemporaryDirectory(prefix: "kanban-generate-pinned")
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("db"))
        try engine.importer.generate(events: 3000, seed: 1, boards: boards)
        let audit = try engine.audit.root()
        #expect(audit.size == 3000)
        #expect(audit.root.map { String(format: "%02x", $0) }.joined() == root)
    }

    @Test("The batch size does not change the workload")
    func batchSizeIndependent() throws {
        let whole = try Self.generate(events: 1500, seed: 9)
        let batched = try Self.generate(events: 1500, seed: 9, batchSize: 64)
        #expect(whole.events.map(Self.withoutID) == batched.events.map(Self.withoutID))
    }

    @Test("A 64 KiB map grows during generate, and the retried batches give the same log")
    func tinyMap() throws {
        let large = try Self.generate(events: 4000, seed: 2)
        let tiny = try Self.generate(events: 4000, seed: 2, batchSize: 1000, mapSize: 64 * 1024)
        #expect(tiny.events.map(Self.withoutID) == large.events.map(Self.withoutID))
    }

    @Test(
        "Several boards on an empty database: main, board-2 and board-3"
    )
    func boardsOnEmptyDatabase() throws {
        let (_, events, state) = try Self.generate(events: 1200, seed: 4, boards: 3)
        #expect(state.boards.values.map(\.name).sorted() == ["board-2", "board-3", "main"])
        #expect(Set(events.map(\.board)).count == 3)
    }

    @Test("Several boards on a log that has main: board-2 and board-3 are made, and the workload spreads over all three")
    func boardsAfterMain() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-generate")
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("db"))
        try engine.execute(.addCard(board: "main", title: "first"), actor: "ana")
        try engine.importer.generate(events: 1200, seed: 4, boards: 3)
        let state = try engine.withState { StateSnapshot($0) }
        #expect(state.boards.values.map(\.name).sorted() == ["board-2", "board-3", "main"])
        let events = try engine.events()
        #expect(events[2...3].map(\.payload.kind) == [.boardCreated, .boardCreated])
        #expect(Set(events.filter { $0.payload.kind == .cardAdded }.map(\.board)).count == 3)
    }

    @Test("generate continues an existing log, with cards of its own and other boards")
    func continuesExistingLog() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-generate")
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("db"))
        for number in 0..<10 { try engine.execute(.addCard(board: "main", title: "mine \(number)"), actor: "ana") }
        try engine.execute(.createBoard(name: "side"), actor: "ana")
        try engine.importer.generate(events: 1000, seed: 3, batchSize: 100)
        try engine.importer.generate(events: 1000, seed: 4, batchSize: 333)
        let statistics = try engine.statistics()
        #expect(statistics.events >= 2012)
        #expect(statistics.lastSequence == UInt64(statistics.events))
        let events = try engine.events()
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
        let fresh = try KanbanEngine(path: directory.appending("db")).withState { StateSnapshot($0) }
        #expect(try engine.withState { StateSnapshot($0) } == fresh)
    }
}
