import Foundation
import Kanban
import KanbanCore
@testable import KanbanPostgres
import KanbanTestSupport
import Testing

@Suite("Engines on a shared log: conditional writes", .enabled(if: PostgresTestDatabase.isConfigured, "set KANBAN_TEST_POSTGRES_URL (scripts/postgres-test-cluster.sh)"))
struct SharedLogConditionalWriteTests {
    static let render = SharedLogEngineTests.render

    @Test("a node that holds the whole log writes each command in one statement, without the claim: the log, the state and another node's cache agree")
    func oneStatementEach() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let writer = try PostgresLogStore(url: url)
            let directory = try TemporaryDirectory(prefix: "kanban-node")
            let engine = try KanbanEngine(path: directory.appending("db"), options: EngineOptions(sharedLog: writer))
            // The first write checks the cache against the log, under the claim.
            try engine.execute(.addCard(board: "main", title: "first"), actor: "ana")
            let before = writer.statementsWritten
            try engine.execute(.addCard(board: "main", title: "-starts with a dash"), actor: "ana")
            try engine.execute(.addCard(board: "main", title: "칸반 🗂️"), actor: "ana")
            let keyed = try blocking { try await engine.perform(.addCard(board: "main", title: "keyed, with a comma"), actor: "ana", idempotencyKey: "k-1", answer: Self.render) }
            #expect(!keyed.isReplay)
            #expect(writer.statementsWritten - before == 3)
            #expect(engine.writeStatistics.conditionalWrites == 3)
            #expect(engine.writeStatistics.conditionalWritesRefused == 0)
            #expect(try writer.read { try $0.lastPosition() } == engine.lastSequence())
            let other = try SharedLogNode(url: url)
            try other.catchUp()
            let titles = try other.engine.boardView(named: "main").columns[0].cards.map(\.card.title)
            #expect(titles == ["first", "-starts with a dash", "칸반 🗂️", "keyed, with a comma"])
            #expect(try other.storedBytes() == engine.export.storedEvents(after: 0, limit: .max).map(\.bytes))
            // The answer was kept with the events: a retry on the other node is answered from the log.
            let retry = try blocking { try await other.engine.perform(.addCard(board: "main", title: "keyed, with a comma"), actor: "ana", idempotencyKey: "k-1", answer: Self.render) }
            #expect(retry.isReplay && retry.bytes == keyed.bytes)
        }
    }

    @Test("a node whose cache is behind finds its conditional write refused: it runs again under the claim, every command once, and the node claims first for a while")
    func refusedThenClaimed() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let (a, b) = (try SharedLogNode(url: url), try SharedLogNode(url: url))
            try a.engine.execute(.addCard(board: "main", title: "a1"), actor: "ana")
            try b.engine.execute(.addCard(board: "main", title: "b1"), actor: "bo")
            // A's cache lacks b1: its conditional write finds the log moved on.
            try a.engine.execute(.addCard(board: "main", title: "a2"), actor: "ana")
            #expect(a.engine.writeStatistics.conditionalWritesRefused == 1)
            #expect(a.engine.writeStatistics.conditionalWrites == 0)
            // Within the pause, the next claims first: no conditional write tried.
            try a.engine.execute(.addCard(board: "main", title: "a3"), actor: "ana")
            #expect(a.engine.writeStatistics.conditionalWritesRefused == 1)
            #expect(a.engine.writeStatistics.conditionalWrites == 0)
            try a.catchUp()
            try b.catchUp()
            #expect(try a.engine.boardView(named: "main").columns[0].cards.map(\.card.title) == ["a1", "b1", "a2", "a3"])
            #expect(try a.storedBytes() == b.storedBytes())
            let events = try a.engine.events()
            #expect(events.map(\.sequence) == Array(1...UInt64(events.count)))
            #expect(try a.engine.verify().firstDifference == nil)
        }
    }

    @Test("a caught-up node's conditional write whose key another node answered keeps nothing, runs again asking, and answers from the log: the card once")
    func answeredElsewhere() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let (a, b) = (try SharedLogNode(url: url), try SharedLogNode(url: url))
            try a.engine.execute(.addCard(board: "main", title: "first"), actor: "ana")
            let first = try blocking { try await b.engine.perform(.addCard(board: "main", title: "once"), actor: "ana", idempotencyKey: "k-1", answer: Self.render) }
            try a.catchUp()
            let retry = try blocking { try await a.engine.perform(.addCard(board: "main", title: "once"), actor: "ana", idempotencyKey: "k-1", answer: Self.render) }
            #expect(retry.isReplay && retry.bytes == first.bytes)
            #expect(a.engine.writeStatistics.rerunsForAnswers == 1)
            #expect(a.engine.writeStatistics.conditionalWritesRefused == 0)
            try a.catchUp()
            #expect(try a.engine.boardView(named: "main").columns[0].cards.map(\.card.title) == ["first", "once"])
            try b.catchUp()
            #expect(try a.storedBytes() == b.storedBytes())
        }
    }
}
