import Foundation
import Kanban
import KanbanPostgres

/// The shared log engines under test run on when `KANBAN_TEST_ENGINES_ON_POSTGRES=1`: each
/// fixture's its own, in a fresh schema (`f_<random>`) of the database at
/// `KANBAN_TEST_POSTGRES_URL` (the throwaway cluster of `scripts/postgres-test-cluster.sh`).
enum SharedLogForTests {
    /// The database when engines are to run on PostgreSQL, else `nil`.
    static let url: PostgresURL? = {
        let environment = ProcessInfo.processInfo.environment
        guard environment["KANBAN_TEST_ENGINES_ON_POSTGRES"] == "1" else { return nil }
        guard let text = environment["KANBAN_TEST_POSTGRES_URL"], let url = try? PostgresURL(text) else {
            fatalError("KANBAN_TEST_ENGINES_ON_POSTGRES=1 needs KANBAN_TEST_POSTGRES_URL")
        }
        return url
    }()

    /// A store on a fresh schema, or `nil` when engines run on LMDB alone.
    static func freshStore() throws -> PostgresLogStore? {
        guard let url else { return nil }
        return try PostgresLogStore(url: url.with(schema: "f_" + String(UInt64.random(in: 0...UInt64.max), radix: 16)))
    }
}
