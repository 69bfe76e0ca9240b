@testable import Kanban
import KanbanCore
import KanbanTestSupport
import LMDBStorage
import Testing

/// A process whose first command adds a card at a column's end decides it on the stored board
/// outline, without building the state. The outline must follow every write, the add must be
/// the one the state would decide, and anything the outline cannot answer goes the state's way.
@Suite(.disabled(if: SharedLogForTests.url != nil, "the outline fast path serves short-lived processes on a database of their own, never a node"))
struct OutlineAddTests {
    @Test("The stored outline is the outline of the replayed log after commands, undos, restores, column changes and generated batches", arguments: [1, 2] as [UInt64])
    func storedOutlineFollowsEveryWrite(seed: UInt64) throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        var random = SeededGenerator(seed: seed)
        for round in 0..<4 {
            try RandomActivity.run(40, on: fixture.engine, actors: ["ana", "bob", "민준"], undoPercent: 12, redoPercent: 8, addPercent: 20, using: &random)
            // The random work may have renamed `main`: these go to the first board, whatever its name.
            let first = try fixture.engine.withState { state in state.boardOrder.first.flatMap { state.boards[$0]?.name } } ?? "main"
            if round == 1 { _ = try fixture.engine.execute(.addColumn(board: first, name: "Review, QA", index: 1), actor: "bob") }
            if round == 2 { _ = try? fixture.engine.execute(.restore(board: first, to: .sequence(20)), actor: "ana") }
            try Self.expectStoredOutlineIsReplayed(fixture.engine)
        }
        try fixture.engine.importer.generate(events: 300, seed: seed, boards: 2, batchSize: 70)
        try Self.expectStoredOutlineIsReplayed(fixture.engine)
        #expect(try fixture.engine.verify().firstDifference == nil)
    }

    @Test("A fresh engine's add at a column's end is decided on the outline: the state after it is the state before plus its event", arguments: [3, 4] as [UInt64])
    func freshEngineAddsOnOutline(seed: UInt64) throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try HistoryIndexTests.busyLog(on: fixture.engine, seed: seed)
        // The random work may rename boards and columns: the adds name what the log holds now,
        // spelled as a user might (other case, a column by name or the first by default).
        let boards = try fixture.engine.withState { state in
            state.boardOrder.compactMap { state.boards[$0] }.map { board in (board.name, board.columns.compactMap { state.columns[$0]?.name }) }
        }
        let titles = ["-starts with a dash", "한국어 카드 🎉", "virgule, **gras**", "x"]
        var adds: [(board: String, column: String?, title: String)] = []
        for (index, (board, columns)) in boards.enumerated() {
            adds.append((board, nil, titles[index % titles.count]))
            adds.append((board.uppercased(), columns.last?.lowercased(), titles[(index + 1) % titles.count]))
            adds.append((board, columns.dropFirst().first, titles[(index + 2) % titles.count]))
        }
        #expect(adds.count >= 6)
        let lastBefore = try #require(try fixture.engine.events().last?.timestamp)
        for (number, add) in adds.enumerated() {
            let before = try KanbanEngine(path: fixture.path, options: EngineOptions(snapshotInterval: 0)).withState { $0 }
            let last = try #require(try fixture.engine.events().last?.timestamp)
            // Odd adds come from a clock behind the log's (stamped as its last event), even ones
            // from one ahead; every other add carries a due date.
            let now = Timestamp(millisecondsSinceEpoch: lastBefore.millisecondsSinceEpoch + (number % 2 == 0 ? 60_000 * Int64(number + 1) : -86_400_000))
            let fresh = try KanbanEngine(path: fixture.path, options: EngineOptions(clock: { now }, snapshotInterval: 0))
            let due: Due? = number % 3 == 0 ? try Due(parsing: "2027-03-0\(number % 9 + 1)") : nil
            let events = try fresh.execute(.addCard(board: add.board, title: add.title, description: "- [ ] *todo*", due: due, column: add.column), actor: "민준")
            #expect(fresh.writeStatistics.addsFromOutline == 1, "\(add)")
            #expect(events.count == 1)
            guard let event = events.first, case .cardAdded(let added) = event.payload else {
                Issue.record("no card added for \(add)")
                continue
            }
            // What the state decides for the same place: the column's end.
            let board = try #require(before.board(named: add.board))
            let column = try #require(add.column.map { before.column(named: $0, in: board) } ?? before.columns[board.columns[0]])
            #expect(added.card.column == column.id && added.card.title == add.title && added.card.due == due && event.actor == "민준")
            #expect(event.timestamp == max(now, last), "stamps never go backwards")
            #expect(added.index == before.order(of: column.id).count)
            #expect(before.order(of: column.id).last.map { $0.key < added.card.key } ?? true)
            var expected = before
            expected.apply(event)
            let after = try KanbanEngine(path: fixture.path, options: EngineOptions(snapshotInterval: 0)).withState { $0 }
            #expect(after.firstDifference(from: expected) == nil, "\(add)")
            #expect(try fresh.withState { $0.firstDifference(from: expected) } == nil, "the engine that added, reading after: \(add)")
        }
        try Self.expectStoredOutlineIsReplayed(fixture.engine)
        #expect(try fixture.engine.verify().firstDifference == nil)
    }

    @Test("Refused adds, adds at an index and adds after another command go the state's way: the same answers, nothing appended on refusal")
    func otherAddsGoTheStatesWay() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        for index in 0..<5 { try fixture.add("card \(index)") }
        let refused: [(Command, KanbanError)] = [
            (.addCard(board: "main", title: "x", column: "nope"), .unknownColumn("nope", board: "main")),
            (.addCard(board: "nope", title: "x"), .unknownBoard("nope")),
            (.addCard(board: "main", title: "   "), .emptyTitle),
        ]
        for (command, error) in refused {
            let last = try fixture.engine.lastSequence()
            let fresh = try KanbanEngine(path: fixture.path)
            #expect(throws: error) { try fresh.execute(command, actor: "ana") }
            #expect(fresh.writeStatistics.addsFromOutline == 0)
            #expect(try fixture.engine.lastSequence() == last)
        }
        let atIndex = try KanbanEngine(path: fixture.path)
        let events = try atIndex.execute(.addCard(board: "main", title: "first", index: 0), actor: "ana")
        #expect(atIndex.writeStatistics.addsFromOutline == 0)
        guard case .cardAdded(let added)? = events.first?.payload else { throw Unexpected() }
        #expect(added.index == 0)
        try atIndex.execute(.addCard(board: "main", title: "after a command"), actor: "ana")
        #expect(atIndex.writeStatistics.addsFromOutline == 0, "an engine that has built its state decides on it")
        try Self.expectStoredOutlineIsReplayed(fixture.engine)
    }

    @Test("An outline that ends before the log (an older build appended after it) is not used, and the next write puts it right")
    func staleOutline() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try fixture.add("one")
        let old = try #require(try Self.storedOutline(of: fixture.engine))
        try fixture.add("two", column: "DONE")
        try fixture.add("three")
        try fixture.engine.log.environment.write { try fixture.engine.outlines.save(old, lastEvent: 0, in: $0) }
        #expect(try fixture.engine.verify().firstDifference == nil, "a stale outline is not wrong, only unused")
        let fresh = try KanbanEngine(path: fixture.path)
        let events = try fresh.execute(.addCard(board: "main", title: "four"), actor: "ana")
        #expect(fresh.writeStatistics.addsFromOutline == 0)
        guard case .cardAdded(let added)? = events.first?.payload else { throw Unexpected() }
        #expect(added.index == 2)
        try Self.expectStoredOutlineIsReplayed(fixture.engine)
        let next = try KanbanEngine(path: fixture.path)
        try next.execute(.addCard(board: "main", title: "five"), actor: "ana")
        #expect(next.writeStatistics.addsFromOutline == 1)
    }

    @Test("An outline that ends at the log's last sequence but was written after another event there (a log put back, then extended by a writer that kept none) is not used")
    func outlineOfAnotherLastEvent() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        for index in 0..<3 { try fixture.add("card \(index)") }
        let last = try fixture.engine.lastSequence()
        // Event #last replaced by the bytes of #last - 1: same sequence, another event.
        try fixture.engine.log.environment.write { transaction in
            let earlier = try #require(try SequenceKey.withBytes(last - 1) { try transaction.withValue(forKey: $0, in: fixture.engine.log.database) { Array($0) } })
            try SequenceKey.withBytes(last) { key in try earlier.withUnsafeBytes { try transaction.put($0, forKey: key, in: fixture.engine.log.database) } }
        }
        let fresh = try KanbanEngine(path: fixture.path)
        try fresh.execute(.addCard(board: "main", title: "after the swap"), actor: "ana")
        #expect(fresh.writeStatistics.addsFromOutline == 0)
        try Self.expectStoredOutlineIsReplayed(fixture.engine)
        let next = try KanbanEngine(path: fixture.path)
        try next.execute(.addCard(board: "main", title: "then on the outline again"), actor: "ana")
        #expect(next.writeStatistics.addsFromOutline == 1)
        try Self.expectStoredOutlineIsReplayed(fixture.engine)
    }

    @Test("verify reports an outline that differs from the log, lies beyond it, does not decode or fails its checksum; the add does not trust a damaged one")
    func damagedOutline() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        for index in 0..<4 { try fixture.add("card \(index)") }
        let stored = try #require(try Self.storedOutline(of: fixture.engine))
        let todo = try #require(stored.ends.keys.first)
        #expect(stored.end(of: todo).count == 4)
        // The card count follows the column's id, last in the value.
        var wrong = OutlineCodec.encode(stored)
        let id = withUnsafeBytes(of: todo.raw.high.bigEndian, Array.init) + withUnsafeBytes(of: todo.raw.low.bigEndian, Array.init)
        let at = try #require((0...(wrong.count - id.count)).last { Array(wrong[$0..<($0 + id.count)]) == id })
        wrong[at + id.count] += 1
        try Self.putOutline(wrong, into: fixture.engine)
        #expect(try fixture.engine.verify().firstDifference?.contains("holds 5 cards") == true)
        // The last sequence comes right after the layout byte (5 events: one varint byte).
        var beyond = OutlineCodec.encode(stored)
        #expect(beyond[1] == 5)
        beyond[1] += 1
        try Self.putOutline(beyond, into: fixture.engine)
        #expect(try fixture.engine.verify().firstDifference?.contains("beyond the log's end") == true)
        try Self.putOutline([OutlineCodec.version, 0xFF, 0xFF], into: fixture.engine)
        #expect(try fixture.engine.verify().firstDifference?.contains("does not decode") == true)
        // Damaged on disk: a byte of a good value flipped, which the checksum catches.
        var damaged = OutlineStore.value(encoded: OutlineCodec.encode(stored), lastEvent: try Self.lastEventDigest(of: fixture.engine))
        damaged[damaged.count - 3] ^= 0x40
        try Self.putOutline(damaged, raw: true, into: fixture.engine)
        #expect(try fixture.engine.verify().firstDifference?.contains("checksum mismatch") == true)
        let fresh = try KanbanEngine(path: fixture.path)
        let events = try fresh.execute(.addCard(board: "main", title: "after damage"), actor: "ana")
        #expect(fresh.writeStatistics.addsFromOutline == 0)
        guard case .cardAdded(let added)? = events.first?.payload else { throw Unexpected() }
        #expect(added.index == 4)
        #expect(try fixture.engine.verify().firstDifference == nil)
    }

    @Test("A run of adds, each by a new process, still takes snapshots: the add that makes one due goes the state's way")
    func snapshotsStillTaken() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try fixture.add("first")
        var fromOutline = 0
        for index in 0..<40 {
            let engine = try KanbanEngine(path: fixture.path, options: EngineOptions(snapshotInterval: 10))
            try engine.execute(.addCard(board: "main", title: "card \(index)"), actor: "ana")
            fromOutline += engine.writeStatistics.addsFromOutline
            EngineSnapshots.waitForBackgroundWork()
        }
        let snapshots = try fixture.engine.snapshots.list()
        let last = try fixture.engine.lastSequence()
        #expect(fromOutline >= 30)
        #expect(snapshots.count >= 3)
        #expect(last - (snapshots.last?.sequence ?? 0) < 10)
        #expect(try fixture.engine.verify().firstDifference == nil)
    }

    // MARK: Helpers

    struct Unexpected: Error {}

    static func storedOutline(of engine: KanbanEngine) throws -> BoardOutline? {
        try engine.log.environment.read { try engine.outlines.load(in: $0)?.outline }
    }

    static func lastEventDigest(of engine: KanbanEngine) throws -> UInt64 {
        try engine.log.environment.read { try OutlineStore.lastEvent(of: engine.log, in: $0).digest }
    }

    /// Stores `bytes` as the outline of the log's last event, with a checksum that matches them
    /// (or as given, `raw`).
    static func putOutline(_ bytes: [UInt8], raw: Bool = false, into engine: KanbanEngine) throws {
        let value = raw ? bytes : OutlineStore.value(encoded: bytes, lastEvent: try lastEventDigest(of: engine))
        try engine.log.environment.write { transaction in try transaction.put(value, forKey: OutlineStore.key, in: engine.outlines.database) }
    }

    /// The stored outline is the outline of the log replayed from the start.
    static func expectStoredOutlineIsReplayed(_ engine: KanbanEngine, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let events = try engine.events()
        var state = KanbanState()
        for event in events { state.apply(event) }
        state.buildOrderIndex()
        let expected = BoardOutline(of: state, lastTimestamp: events.last?.timestamp ?? Timestamp(millisecondsSinceEpoch: 0))
        #expect(try storedOutline(of: engine) == expected, sourceLocation: sourceLocation)
    }
}
