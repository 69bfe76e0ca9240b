import Foundation
import KanbanOutput
import KanbanPostgres
import KanbanTestSupport
import Testing

/// `--store URL` on any command: it works on the shared log through this machine's cache of it,
/// as a server node does, so `add`, `board`, `history` and `verify` reach a PostgreSQL log.
@Suite("Commands on a shared log", .enabled(if: PostgresTestDatabase.isConfigured, "set KANBAN_TEST_POSTGRES_URL (scripts/postgres-test-cluster.sh)"))
struct SharedLogCommandLineTests {
    @Test("A card added with --store from one machine's cache is on the board, in the history and verified on another's")
    func commandsOnTheStore() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            // The test server trusts loopback: the URL has no password to hide.
            let store = "postgres://\(url.username)@\(url.host):\(url.port)/\(url.database)?sslmode=disable"
            let first = try KanbanBinary(database: directory.appending("laptop-cache.db"), actor: "ana")
            let second = try KanbanBinary(database: directory.appending("desktop-cache.db"), actor: "bob")

            let added = try first.run(["add", "--store", store], afterTerminator: ["-rf, 한국어 🎉"])
            #expect(added.status == 0, "\(added)")
            let id = added.trimmedStdout
            #expect(try second.succeed(["move", String(id.prefix(8)), "doing", "--store", store]).contains("cardMoved"))

            let board = try second.decode(BoardJSON.self, ["board", "--json", "--store", store])
            #expect(board.column("DOING")?.cards.map(\.title) == ["-rf, 한국어 🎉"])
            let history = try first.succeed(["history", "--store", store])
            #expect(history.contains("Added '-rf, 한국어 🎉'.") && history.contains("Moved '-rf, 한국어 🎉' from TODO to DOING."), "\(history)")
            let verified = try first.run("verify", "--store", store)
            #expect(verified.status == 0, "\(verified)")

            let unreachable = try first.run("board", "--store", "postgres://nobody@127.0.0.1:1/x")
            #expect(unreachable.status == 1)
            #expect(unreachable.stderr.split(separator: "\n").count == 1, "\(unreachable)")
        }
    }
}
