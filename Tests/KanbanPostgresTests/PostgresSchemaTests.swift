import Foundation
import Kanban
import KanbanCore
@testable import KanbanPostgres
import KanbanTestSupport
import PostgresNIO
import Synchronization
import Testing

@Suite("PostgreSQL schema migrations", .enabled(if: PostgresTestDatabase.isConfigured, "set KANBAN_TEST_POSTGRES_URL (scripts/postgres-test-cluster.sh)"))
struct PostgresSchemaTests {
    /// Runs `body` with a connection to a fresh database.
    static func withConnection<Result: Sendable>(_ body: @escaping @Sendable (BlockingConnection, PostgresURL) throws -> Result) async throws -> Result {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let connection = try BlockingConnection(url: url, logger: BlockingConnection.quietLogger)
            defer { connection.close() }
            return try body(connection, url)
        }
    }

    static func recordedVersion(_ connection: BlockingConnection) throws -> String? {
        try connection.query("SELECT value FROM kanban_meta WHERE key = 'schema_version'").first?.decode(String.self)
    }

    @Test("a new database gets every migration, in order, and records this version")
    func freshDatabase() async throws {
        try await Self.withConnection { connection, _ throws in
            #expect(try PostgresSchema.apply(on: connection, schema: nil) == Array(1...PostgresSchema.version))
            #expect(try PostgresSchema.missingRelations(on: connection).isEmpty)
            #expect(try Self.recordedVersion(connection) == String(PostgresSchema.version))
        }
    }

    @Test("migrating a current database again applies nothing, with or without the lock-free check first")
    func secondRunIsNoOp() async throws {
        try await Self.withConnection { connection, _ in
            try PostgresSchema.apply(on: connection, schema: nil)
            #expect(try PostgresSchema.apply(on: connection, schema: nil) == [])
            #expect(try PostgresSchema.migrate(on: connection, schema: nil) == [])
            #expect(try Self.recordedVersion(connection) == String(PostgresSchema.version))
        }
    }

    @Test("a database made before versions were recorded is taken as version 1: only the later migrations run, its log kept")
    func preVersioningDatabaseAdopted() async throws {
        try await Self.withConnection { connection, url in
            let store = try PostgresLogStore(url: url)
            let a = LogStoreConformance.boardA
            try store.write { try $0.append(board: a, expectedHead: 0, [(1, LogStoreConformance.eventBytes(board: a, 1))]) }
            // What the program made before it recorded a version: version 1's tables, no record.
            let later = PostgresSchema.migrations.dropFirst().flatMap(\.relations)
            for relation in later { _ = try connection.query(PostgresQuery(unsafeSQL: "DROP TABLE \(relation)")) }
            for function in PostgresSchema.functions { _ = try connection.query(PostgresQuery(unsafeSQL: "DROP FUNCTION \(function)")) }
            _ = try connection.query("DELETE FROM kanban_meta WHERE key = 'schema_version'")
            #expect(try PostgresSchema.apply(on: connection, schema: nil) == Array(2...PostgresSchema.version))
            #expect(try Self.recordedVersion(connection) == String(PostgresSchema.version))
            #expect(try PostgresLogStore(url: url).read { try $0.heads() } == [a: 1])
            // The claim function is made again (this log was appended to without claims: its head is 0).
            #expect(try PostgresLogStore(url: url).write { try $0.claimLog(after: 0, limit: 10).position } == 0)
        }
    }

    @Test("a current database whose functions were dropped by hand gets them again when a store opens it")
    func droppedFunctionMadeAgain() async throws {
        try await Self.withConnection { connection, url in
            _ = try PostgresLogStore(url: url)
            for function in PostgresSchema.functions { _ = try connection.query(PostgresQuery(unsafeSQL: "DROP FUNCTION \(function)")) }
            #expect(try PostgresSchema.apply(on: connection, schema: nil) == PostgresSchema.migrations.filter { !$0.functions.isEmpty }.map(\.version))
            let store = try PostgresLogStore(url: url)
            #expect(try store.write { try $0.claimLog(after: 0, limit: 10).position } == 0)
            // kanban_refuse is there again: a conditional write's conflict is its refusal, not a missing function.
            let a = LogStoreConformance.boardA
            try store.write { writer in
                _ = try writer.claimLog()
                try writer.append(board: a, expectedHead: 0, [(1, LogStoreConformance.eventBytes(board: a, 1))])
                try writer.remember([KeptAnswer(board: a, actor: "ana", key: "taken", time: LogStoreConformance.answerTime, bytes: [1])])
                try writer.advanceLog(from: 0, to: 1)
            }
            #expect(throws: LogConflict.self) {
                try store.write(ifLogEndsAt: 1, lastEvent: nil) { writer in
                    try writer.remember([KeptAnswer(board: a, actor: "ana", key: "taken", time: LogStoreConformance.answerTime, bytes: [2])])
                    try writer.advanceLog(from: 1, to: 1)
                }
            }
        }
    }

    @Test("a database of a version newer than this program's is refused in one line, and left as it was")
    func newerVersionRefused() async throws {
        try await Self.withConnection { connection, _ in
            try PostgresSchema.apply(on: connection, schema: nil)
            let newer = String(PostgresSchema.version + 1)
            _ = try connection.query("UPDATE kanban_meta SET value = \(newer) WHERE key = 'schema_version'")
            _ = try connection.query("DROP TABLE sync_owners")
            let error = #expect(throws: PostgresStoreError.self) { try PostgresSchema.apply(on: connection, schema: nil) }
            #expect(error?.description == "the database's kanban schema is version \(newer), which this program (version \(PostgresSchema.version)) cannot read")
            #expect(try PostgresSchema.missingRelations(on: connection) == ["sync_owners"])
            #expect(try Self.recordedVersion(connection) == newer)
        }
    }

    @Test("stores opening a new database at once take turns: each opens, the schema is made once")
    func concurrentStart() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 6) { _ in
                do {
                    _ = try PostgresLogStore(url: url)
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            #expect(failures.withLock { $0 } == [])
            let connection = try BlockingConnection(url: url, logger: BlockingConnection.quietLogger)
            defer { connection.close() }
            #expect(try PostgresSchema.apply(on: connection, schema: nil) == [])
        }
    }
}
