import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import LMDBStorage
import Testing

@Suite("LMDBLogStore")
struct LMDBLogStoreTests {
    @Test("passes the LogStore conformance checks", arguments: LogStoreConformance.Check.allCases)
    func conformance(_ check: LogStoreConformance.Check) throws {
        let directory = try TemporaryDirectory(prefix: "kanban-store")
        defer { directory.remove() }
        try check.run(on: try LMDBLogStore(path: directory.appending("db")))
    }

    @Test("two stores on one log, appending at the same head from two threads: exactly one wins each round")
    func concurrentWriters() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-store")
        defer { directory.remove() }
        // An engine's store and one opened by path: two objects on one environment.
        let engine = try KanbanEngine(path: directory.appending("db"))
        try LogStoreConformance.concurrentWriters(engine.store, try LMDBLogStore(path: directory.appending("db")))
    }

    @Test("two stores on one log racing to remember the same key, with an append and a mutation: exactly one wins each round")
    func concurrentAnswers() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-store")
        defer { directory.remove() }
        // An engine's store and one opened by path: two objects on one environment.
        let engine = try KanbanEngine(path: directory.appending("db"))
        try LogStoreConformance.concurrentAnswers(engine.store, try LMDBLogStore(path: directory.appending("db")))
    }

    @Test("answers are the engine's: each finds the other's, by actor and key on any board")
    func sharesTheEnginesAnswers() async throws {
        let directory = try TemporaryDirectory(prefix: "kanban-store")
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("db"))
        let store = engine.store
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
        let directory = try TemporaryDirectory(prefix: "kanban-store")
        defer { directory.remove() }
        let store = try LMDBLogStore(path: directory.appending("db"))
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
        let directory = try TemporaryDirectory(prefix: "kanban-store")
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("db"))
        try engine.execute(.createBoard(name: "second"), actor: "ana")
        try engine.execute(.addCard(board: "main", title: "one"), actor: "ana")
        try engine.execute(.addCard(board: "second", title: "two"), actor: "ana")
        let store = engine.store
        let stored = try engine.export.storedEvents(after: 0, limit: 100)
        var counts: [BoardID: UInt64] = [:]
        let expected = stored.map { event -> LogEntry in
            counts[event.event.board, default: 0] += 1
            return LogEntry(position: event.event.sequence, board: event.event.board, seq: counts[event.event.board]!, bytes: event.bytes)
        }
        #expect(try store.read { try LogStoreConformance.entries($0, after: 0) } == expected)
        #expect(try store.read { try $0.heads() } == counts)

        // Counted heads are kept; what the engine appends next is counted on top.
        try engine.execute(.addCard(board: "second", title: "three"), actor: "ana")
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

    @Test("a store opened by path writes a log that an engine opened later reads and verifies")
    func storeWithoutAnEngine() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-store")
        defer { directory.remove() }
        let path = directory.appending("db")
        let a = LogStoreConformance.boardA
        let bytes = LogStoreConformance.eventBytes(board: a, 1)
        do {
            let store = try LMDBLogStore(path: path)
            #expect(try store.write { try $0.append(board: a, expectedHead: 0, [(1, bytes)]) } == 1)
        }
        let engine = try KanbanEngine(path: path)
        #expect(try engine.export.storedEvents(after: 0, limit: 10).map(\.bytes) == [bytes])
        #expect(try engine.audit.lag() == 0)
        #expect(try engine.audit.verify().isValid)
    }

    @Test("a node's cache refuses writes through a store, naming the node to write through; nothing is appended")
    func nodeCacheRefusesStoreWrites() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-store")
        defer { directory.remove() }
        let path = directory.appending("db")
        let store = try LMDBLogStore(path: path)
        _ = try store.environment.database(.node)
        let a = LogStoreConformance.boardA
        #expect(throws: SharedLogError.nodeCache(path: path)) {
            try store.write { try $0.append(board: a, expectedHead: 0, [(1, LogStoreConformance.eventBytes(board: a, 1))]) }
        }
        #expect(try store.read { try $0.lastPosition() } == 0)
    }
}
