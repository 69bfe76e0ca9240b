import Foundation
@testable import KanbanPostgres
import KanbanTestSupport
import PostgresNIO
import Testing

@Suite("PostgreSQL test server")
struct PostgresRequiredTests {
    @Test("KANBAN_REQUIRE_POSTGRES=1 (CI) needs KANBAN_TEST_POSTGRES_URL: the PostgreSQL tests are never skipped silently")
    func configuredWhenRequired() {
        if PostgresTestDatabase.isRequired {
            #expect(PostgresTestDatabase.isConfigured, "KANBAN_REQUIRE_POSTGRES=1 but KANBAN_TEST_POSTGRES_URL is not set: source scripts/postgres-test-cluster.sh")
        }
    }

    @Test("the configured server answers, in a database of the test's own", .enabled(if: PostgresTestDatabase.isConfigured))
    func serverAnswers() async throws {
        let database = try await PostgresTestDatabase.withFreshDatabase { url in
            let connection = try BlockingConnection(url: url, logger: BlockingConnection.quietLogger)
            defer { connection.close() }
            return try connection.query("SELECT current_database()").first?.decode(String.self)
        }
        #expect(database?.hasPrefix("kt_") == true)
    }
}
