import Foundation
import Kanban
import KanbanCore
@testable import KanbanPostgres
import KanbanTestSupport
import Testing

@Suite("A node copying a shared log in steps, reading each while the one before is written", .enabled(if: PostgresTestDatabase.isConfigured, "set KANBAN_TEST_POSTGRES_URL (scripts/postgres-test-cluster.sh)"))
struct SharedLogCopyInStepsTests {
    @Test("a new node's cache, copied in steps of 7 events from a log with an imported history, holds the log byte for byte: the same backdated ranges, audit root and state")
    func copiedWhole() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let a = try SharedLogNode(url: url)
            _ = try a.engine.importer.trello(try SharedLogExtrasTests.trelloSample, board: "imported")
            for index in 1...40 { try a.engine.execute(.addCard(board: "main", title: "card \(index), with a comma"), actor: "ana") }
            let b = try SharedLogNode(url: url)
            let overlapped = try b.engine.sync.catchUpInSteps(from: b.follower, step: 7)
            #expect(try b.engine.lastSequence() == a.engine.lastSequence())
            // Every step after the first was read while the one before was written. (The first,
            // a catch-up of an empty cache, copies 8: a catch-up's limit counts the event it
            // compares, which an empty cache has none of.)
            let total = Int(try a.engine.lastSequence())
            #expect(overlapped == total - 8, "\(overlapped) of \(total)")
            #expect(try b.storedBytes() == a.storedBytes())
            let ranges = try a.engine.store.read { try $0.backdatedRanges(after: 0) }
            #expect(!ranges.isEmpty)
            #expect(try b.engine.store.read { try $0.backdatedRanges(after: 0) } == ranges)
            #expect(try b.engine.audit.root() == a.engine.audit.root())
            #expect(try b.engine.verify().firstDifference == nil)
            #expect(try b.engine.boardView(named: "main").columns[0].cards.map(\.card.title) == a.engine.boardView(named: "main").columns[0].cards.map(\.card.title))
            // Its history index was built as it copied.
            #expect(try b.engine.history.indexLag() == 0)
            // It goes on as a node: it writes after the copy.
            try b.engine.execute(.addCard(board: "main", title: "after the copy"), actor: "bo")
            try a.catchUp()
            #expect(try a.storedBytes() == b.storedBytes())
        }
    }

    @Test("a node whose cache parts from the log is refused by the stepped copy as by a catch-up, and nothing changes")
    func partedRefused() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let a = try SharedLogNode(url: url)
            for index in 1...5 { try a.engine.execute(.addCard(board: "main", title: "a\(index)"), actor: "ana") }
            // A database of its own, never a node's cache: not a prefix of the log.
            let directory = try TemporaryDirectory(prefix: "kanban-own")
            let own = try KanbanEngine(path: directory.appending("db"))
            for index in 1...3 { try own.execute(.addCard(board: "main", title: "own \(index)"), actor: "bo") }
            let before = try own.lastSequence()
            #expect(throws: SharedLogError.self) { try own.sync.catchUpInSteps(from: a.follower, step: 2) }
            #expect(try own.lastSequence() == before)
        }
    }
}
