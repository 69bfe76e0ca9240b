import Foundation
@testable import KanbanPostgres
import KanbanTestSupport
import PostgresNIO

/// The PostgreSQL server the tests use: `KANBAN_TEST_POSTGRES_URL` (a superuser's URL, such as
/// the one `scripts/postgres-test-cluster.sh` exports). Each test gets a database of its own,
/// `kt_<random>`, dropped after it (`WITH (FORCE)`, whoever is still connected).
enum PostgresTestDatabase {
    /// The server's URL, when the environment names one.
    static let url: String? = {
        guard let text = ProcessInfo.processInfo.environment["KANBAN_TEST_POSTGRES_URL"], !text.isEmpty else { return nil }
        return text
    }()

    /// Whether the PostgreSQL tests can run.
    static var isConfigured: Bool { url != nil }

    /// Whether they must (`KANBAN_REQUIRE_POSTGRES=1`, as CI sets): then a missing URL fails a test.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["KANBAN_REQUIRE_POSTGRES"] == "1" }

    /// Runs `body` on a thread of its own (the stores block) with the URL of a fresh, empty
    /// database, dropped afterwards.
    static func withFreshDatabase<Result: Sendable>(_ body: @escaping @Sendable (PostgresURL) throws -> Result) async throws -> Result {
        try await onOwnThread {
            guard let url else { throw MissingServer() }
            let server = try PostgresURL(url)
            let name = "kt_" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
            let admin = try BlockingConnection(url: server, logger: BlockingConnection.quietLogger)
            defer { admin.close() }
            _ = try admin.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
            defer { _ = try? admin.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")) }
            return try body(server.with(database: name))
        }
    }

    struct MissingServer: Error, CustomStringConvertible {
        var description: String { "KANBAN_TEST_POSTGRES_URL is not set" }
    }
}
