import BenchmarkSupport
import Foundation
import Kanban
import KanbanCore
import KanbanPostgres

/// The PostgreSQL copies of the generated LMDB logs, each in a schema of its own in the database
/// `KANBAN_BENCH_POSTGRES_URL` names (the store's `schema` parameter).
enum PostgresCopies {
    /// The server's URL, when the suite is to run.
    static var url: String? { ProcessInfo.processInfo.environment["KANBAN_BENCH_POSTGRES_URL"] }

    /// The URL of the log in schema `schema`.
    static func url(schema: String) throws -> PostgresURL {
        guard let base = url else { throw CopyError("KANBAN_BENCH_POSTGRES_URL is not set") }
        return try PostgresURL(base + (base.contains("?") ? "&" : "?") + "schema=\(schema)")
    }

    /// The schema of the read-only copy of the log of `events` events.
    static func schema(events: Int) -> String { "kanban_bench_\(events)" }

    /// The store holding the log of `events` events, copied from LMDB when missing or not the
    /// same log (another last position, other heads: the LMDB log was generated again).
    @discardableResult
    static func store(events: Int) throws -> PostgresLogStore {
        let lmdb = try LMDBLogStore(path: Workload.log(events: events))
        let name = schema(events: events)
        if let existing = try? PostgresLogStore(url: try url(schema: name)), (try? isCopy(existing, of: lmdb)) == true { return existing }
        try drop(schema: name)
        return try copy(lmdb, into: name)
    }

    /// A fresh copy of the log of `events` events in schema `name`, for appending.
    static func writableCopy(events: Int, name: String) throws -> PostgresLogStore {
        try drop(schema: name)
        return try copy(try LMDBLogStore(path: Workload.log(events: events)), into: name)
    }

    /// `source` copied into schema `name` (``LogMigration``: byte for byte, position for position).
    static func copy(_ source: LMDBLogStore, into name: String) throws -> PostgresLogStore {
        let start = ContinuousClock.now
        let store = try PostgresLogStore(url: try url(schema: name))
        let report = try LogMigration.run(from: source, to: store, pageSize: 10_000)
        FileHandle.standardError.write(Data("kanban-bench: copied \(report.events) events into schema \(name) in \(ContinuousClock.now - start)\n".utf8))
        return store
    }

    /// Drops schema `name` and everything in it (with `psql`, the server's own client).
    static func drop(schema name: String) throws {
        guard let base = url else { throw CopyError("KANBAN_BENCH_POSTGRES_URL is not set") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", "--quiet", "--no-psqlrc", "-v", "ON_ERROR_STOP=1", base, "-c", "SET client_min_messages TO warning; DROP SCHEMA IF EXISTS \(name) CASCADE"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CopyError("psql could not drop schema \(name) (exit \(process.terminationStatus))") }
    }

    /// Whether `copy` holds `source`'s last position and heads.
    private static func isCopy(_ copy: some LogStore, of source: some LogStore) throws -> Bool {
        func summary(_ store: some LogStore) throws -> (UInt64, [BoardID: UInt64]) {
            try store.read { reader in (try reader.lastPosition(), try reader.heads()) }
        }
        let (copied, original) = (try summary(copy), try summary(source))
        return copied.0 == original.0 && copied.1 == original.1
    }

    struct CopyError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
