import Foundation
import KanbanPostgres
import KanbanTestSupport
import Testing

/// `kanban serve --store`: a node whose follower, a service of the server, brings in what other
/// nodes append, and stops with the server.
@Suite("A node serving a shared log", .enabled(if: PostgresTestDatabase.isConfigured, "set KANBAN_TEST_POSTGRES_URL (scripts/postgres-test-cluster.sh)"))
struct SharedLogServeTests {
    @Test("What another node appends shows on this node's board; SIGTERM stops the server and its follower, exit 0")
    func followsAndStops() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let log = try NodesOnALog(url: url)
            defer { log.directory.remove() }
            let node = try log.start(advertising: false)
            let process = node.process

            let other = try KanbanBinary(database: log.directory.appending("other-cache.db"), actor: "bob")
            let added = try other.run(["add", "--store", log.store], afterTerminator: ["From another node, 한국어"])
            #expect(added.status == 0, "\(added)")
            var board = ""
            for _ in 0..<100 where !board.contains("From another node, 한국어") {
                board = try node.exchange("GET", "/api/boards/main").body
                if !board.contains("From another node") { Thread.sleep(forTimeInterval: 0.1) }
            }
            #expect(board.contains("From another node, 한국어"), "\(board)")

            process.interrupt()
            let deadline = Date(timeIntervalSinceNow: 15)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            #expect(!process.isRunning, "the server and its follower stop on SIGINT")
            if !process.isRunning { #expect(process.terminationStatus == 0) }
        }
    }
}
