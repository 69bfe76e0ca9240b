import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

@Suite("LMDBLogStore")
struct LMDBLogStoreTests {
    @Test("passes the LogStore conformance checks", arguments: LogStoreConformance.Check.allCases)
    func conformance(_ check: LogStoreConformance.Check) throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try check.run(on: LMDBLogStore(engine: fixture.engine))
    }

    @Test("two stores on one log, appending at the same head from two threads: exactly one wins each round")
    func concurrentWriters() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try LogStoreConformance.concurrentWriters(LMDBLogStore(engine: fixture.engine), LMDBLogStore(engine: fixture.engine))
    }

    @Test("two stores on one log racing to remember the same key, with an append and a mutation: exactly one wins each round")
    func concurrentAnswers() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try LogStoreConformance.concurrentAnswers(LMDBLogStore(engine: fixture.engine), LMDBLogStore(engine: fixture.engine))
    }

    @Test("answers are the engine's: each finds the other's, by actor and key on any board")
    func sharesTheEnginesAnswers() async throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        let store = LMDBLogStore(engine: engine)
        let (a, b) = (LogStoreConformance.boardA, LogStoreConformance.boardB)
        try store.write { try $0.remember(answer: [7], board: a, actor: "ana", key: "k", at: LogStoreConformance.answerTime) }
        #expect(try store.read { try $0.rememberedAnswer(board: b, actor: "ana", key: "k") } == [7])
        let answer = try await engine.perform(.createBoard(name: "second"), actor: "ana", idempotencyKey: "k") { _ in [9] }
        #expect(answer == RememberedAnswer(bytes: [7], isReplay: true))
        _ = try await engine.perform(.createBoard(name: "third"), actor: "bo", idempotencyKey: "k") { _ in [8] }
        #expect(try store.read { try $0.rememberedAnswer(board: a, actor: "bo", key: "k") } == [8])
    }

    @Test("positions are the log's sequence numbers: an append must take the next one")
    func gaplessPositions() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let store = LMDBLogStore(engine: fixture.engine)
        let a = LogStoreConformance.boardA
        #expect(throws: LogAppendError.positionGap(expected: 1, position: 3)) {
            try store.write { try $0.append(board: a, expectedHead: 0, [(3, LogStoreConformance.eventBytes(board: a, 3))]) }
        }
        #expect(throws: LogAppendError.positionGap(expected: 2, position: 3)) {
            try store.write { try $0.append(board: a, expectedHead: 0, [(1, LogStoreConformance.eventBytes(board: a, 1)), (3, LogStoreConformance.eventBytes(board: a, 3))]) }
        }
        #expect(try store.read { try $0.lastPosition() } == 0)
    }

    @Test("the store reads the engine's events with per-board seqs, and its appends reach the engine's log and audit tree")
    func sharesTheEnginesLog() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        try engine.execute(.createBoard(name: "second"), actor: "ana")
        try fixture.add("one")
        try fixture.add("two", board: "second")
        let store = LMDBLogStore(engine: engine)
        let stored = try engine.export.storedEvents(after: 0, limit: 100)
        var counts: [BoardID: UInt64] = [:]
        let expected = stored.map { event -> LogEntry in
            counts[event.event.board, default: 0] += 1
            return LogEntry(position: event.event.sequence, board: event.event.board, seq: counts[event.event.board]!, bytes: event.bytes)
        }
        #expect(try store.read { try LogStoreConformance.entries($0, after: 0) } == expected)
        #expect(try store.read { try $0.heads() } == counts)

        // Counted heads are kept; what the engine appends next is counted on top.
        try fixture.add("three", board: "second")
        let second = try #require(stored.last?.event.board)
        #expect(try store.read { try $0.heads() }[second] == counts[second]! + 1)

        let last = try engine.lastSequence()
        let bytes = LogStoreConformance.eventBytes(board: LogStoreConformance.boardC, 99)
        let head = try store.write { try $0.append(board: LogStoreConformance.boardC, expectedHead: 0, [(last + 1, bytes)]) }
        #expect(head == 1)
        #expect(try engine.export.storedEvents(after: last, limit: 10).map(\.bytes) == [bytes])
        #expect(try engine.audit.lag() == 0)
        #expect(try engine.audit.verify().isValid)
        #expect(try store.read { try $0.boardRoots() } == (try engine.audit.boardRoots()))
    }
}
