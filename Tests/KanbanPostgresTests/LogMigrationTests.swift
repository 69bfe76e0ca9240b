import Foundation
import Kanban
import KanbanCore
@testable import KanbanPostgres
import KanbanTestSupport
import Testing

@Suite("Migration from LMDB to PostgreSQL", .enabled(if: PostgresTestDatabase.isConfigured, "set KANBAN_TEST_POSTGRES_URL (scripts/postgres-test-cluster.sh)"))
struct LogMigrationTests {
    /// A generated log of several boards, with undos and redos of its own and one of ours.
    private static func generatedLog(in directory: TemporaryDirectory) throws -> KanbanEngine {
        let engine = try KanbanEngine(path: directory.appending("source.db"))
        try engine.importer.generate(events: 1_500, seed: 11, boards: 3)
        try engine.execute(.addCard(board: "main", title: "to be undone"), actor: "mia")
        try engine.undo(actor: "mia")
        try engine.redo(actor: "mia")
        return engine
    }

    @Test("copies every event verbatim (position = sequence, seq = running ordinal per board); the per-board roots match")
    func roundTrip() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let engine = try Self.generatedLog(in: directory)
            let stored = try engine.export.storedEvents(after: 0, limit: 100_000)
            let kinds = Set(stored.map(\.event.payload.kind))
            #expect(kinds.contains(.undone) && kinds.contains(.redone), "the log holds undo and redo events")

            let target = try PostgresLogStore(url: url)
            let report = try LogMigration.run(from: engine.store, to: target, pageSize: 250)
            #expect(report.rootsMatch)
            #expect(report.source.count == 3)
            #expect(report.events == UInt64(stored.count))
            #expect(report.source == (try engine.audit.boardRoots()))
            #expect(report.lines.count == 6)
            #expect(report.differingBoards.isEmpty)

            var seqs: [BoardID: UInt64] = [:]
            let expected = stored.map { event -> LogEntry in
                seqs[event.event.board, default: 0] += 1
                return LogEntry(position: event.event.sequence, board: event.event.board, seq: seqs[event.event.board]!, bytes: event.bytes)
            }
            let copied = try target.read { try LogStoreConformance.entries($0, after: 0) }
            #expect(copied == expected)
            // The audit root at each page's end is kept, for nodes to check their caches by.
            for size: UInt64 in [250, 1_000, UInt64(stored.count)] {
                let kept = try #require(try target.read { try $0.recordedRoot(atOrBefore: size) })
                #expect(kept == (try engine.audit.root(size: kept.size)), "size \(size)")
                #expect(kept.size > size - 250 || kept.size == UInt64(stored.count))
            }
            #expect(try target.read { try $0.heads() } == seqs)
            #expect(try target.read { try $0.lastPosition() } == stored.last?.event.sequence)
            let next = try target.query("SELECT nextval('event_position')").first?.decode(Int64.self)
            #expect(next == Int64(stored.count) + 1, "new positions are drawn above the migrated ones")
            let head = try target.query("SELECT position FROM log_head").first?.decode(Int64.self)
            #expect(head == Int64(stored.count), "engines sharing the log go on after the migrated events")
        }
    }

    @Test("refuses a target that holds events, keeping it as it was")
    func refusesNonEmptyTarget() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let engine = try KanbanEngine(path: directory.appending("source.db"))
            try engine.importer.generate(events: 50, seed: 2, boards: 2)
            let target = try PostgresLogStore(url: url)
            let first = try LogMigration.run(from: engine.store, to: target)
            #expect(first.rootsMatch)
            let before = try target.read { try $0.heads() }
            #expect(throws: MigrationError.targetNotEmpty(events: first.events, boards: 2)) {
                try LogMigration.run(from: engine.store, to: target)
            }
            #expect(try target.read { try $0.heads() } == before)
        }
    }

    @Test("kanban migrate prints both sides' roots and exits 0; again into the same database, one line and exit 1")
    func command() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let source = directory.appending("source.db")
            let kanban = try KanbanBinary(database: source)
            _ = try kanban.add("one")
            _ = try kanban.succeed(["boards", "add", "other"])
            _ = try kanban.add("two", ["--board", "other"])
            let roots = try KanbanEngine(path: source).audit.boardRoots()
            // The test server trusts loopback: the URL has no password to hide.
            let target = "postgres://\(url.username)@\(url.host):\(url.port)/\(url.database)?sslmode=disable"
            let environment = kanban.environment

            let migrated = try Subprocess.run(kanban.executable, ["migrate", "--from", source, "--to", target], environment: environment)
            #expect(migrated.status == 0, "\(migrated)")
            var lines = migrated.stdout.split(separator: "\n").map(String.init)
            #expect(lines.last?.hasPrefix("migrated 4 events of 2 boards to ") == true, "\(lines)")
            lines.removeLast()
            #expect(lines.last == "copied 0 sync clients, 0 idempotency answers and 0 backdated ranges", "\(lines)")
            lines.removeLast()
            let expected = roots.sorted { $0.key < $1.key }.flatMap { board, root in
                ["lmdb", "postgres"].map { "\($0) \(board) \(root.size) \(MerkleHash.hex(root.root))" }
            }
            #expect(lines == expected)

            let again = try Subprocess.run(kanban.executable, ["migrate", "--from", source, "--to", target], environment: environment)
            #expect(again.status == 1)
            #expect(again.stdout.isEmpty)
            #expect(again.stderr == "kanban: the target database holds 4 events of 2 boards already; migrate only into an empty one\n")

            let badURL = try Subprocess.run(kanban.executable, ["migrate", "--from", source, "--to", "postgres://nobody"], environment: environment)
            #expect(badURL.status == 2)
            #expect(badURL.stderr.split(separator: "\n").count == 1)
            // Nothing listens on port 1: one line that says so, not the pool's dump of its attempts.
            let unreachable = try Subprocess.run(kanban.executable, ["migrate", "--from", source, "--to", "postgres://nobody@127.0.0.1:1/x"], environment: environment)
            #expect(unreachable.status == 1)
            #expect(unreachable.stderr == "kanban: PostgreSQL could not be reached while connecting to postgres://nobody@127.0.0.1:1/x?sslmode=prefer: connection refused\n")
            let noSource = try Subprocess.run(kanban.executable, ["migrate", "--from", directory.appending("missing.db"), "--to", target], environment: environment)
            #expect(noSource.status == 1)
            #expect(noSource.stderr.hasPrefix("kanban: no kanban database at "))
            #expect(!FileManager.default.fileExists(atPath: directory.appending("missing.db")))
        }
    }
}
