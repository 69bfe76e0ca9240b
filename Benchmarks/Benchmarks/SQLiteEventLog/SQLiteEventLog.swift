import Foundation
import GRDB
import GRDBSQLite
import Kanban
import KanbanCore

/// The event log on SQLite instead of LMDB, for the benchmarks and the tests only: the table
///
///     events(sequence INTEGER PRIMARY KEY, value BLOB NOT NULL)
///
/// in WAL mode with `synchronous = FULL` (every commit syncs the WAL, as LMDB syncs on every
/// commit by default), each value the event's ``EventCodec`` form, exactly the bytes LMDB holds.
/// `sequence` is the rowid, so reading in sequence order walks the table's own B-tree.
///
/// GRDB opens and configures the connection and runs the transactions; the per-row loops step
/// SQLite's C API on GRDB's prepared statements and hand the blob to the caller without a copy,
/// as ``EventLog`` hands out LMDB's map — neither store pays a wrapper's per-row cost.
public final class SQLiteEventLog: EventStore, Sendable {
    /// The database file.
    public let path: String
    private let queue: DatabaseQueue

    /// Opens (creating when missing) the database at `path`.
    public init(path: String) throws {
        self.path = path
        var configuration = Configuration()
        configuration.journalMode = .wal // GRDB then sets synchronous = NORMAL: raised to FULL below
        configuration.label = "kanban-sqlite-events"
        queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            let journal = try String.fetchOne(db, sql: "PRAGMA journal_mode")
            let synchronous = try Int.fetchOne(db, sql: "PRAGMA synchronous")
            guard journal == "wal", synchronous == 2 else {
                throw DatabaseError(message: "\(path): journal_mode \(journal ?? "?"), synchronous \(synchronous ?? -1); want wal and FULL (2)")
            }
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS events(sequence INTEGER PRIMARY KEY, value BLOB NOT NULL)")
        }
    }

    /// Removes the database file at `path` and its WAL and shared-memory files.
    public static func remove(at path: String) throws {
        let manager = FileManager.default
        for file in [path, path + "-wal", path + "-shm"] where manager.fileExists(atPath: file) {
            try manager.removeItem(atPath: file)
        }
    }

    /// Moves everything in the WAL into the database file and empties the WAL, so the file
    /// alone is a complete copy.
    public func checkpoint() throws {
        try queue.writeWithoutTransaction { db in
            _ = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }

    // MARK: EventStore

    /// One `BEGIN IMMEDIATE … COMMIT`: the last sequence is read under the write lock.
    @discardableResult
    public func appendEncoded(_ events: some Collection<[UInt8]>) throws -> UInt64 {
        try queue.writeWithoutTransaction { db in
            var sequence: UInt64 = 0
            try db.inTransaction(.immediate) {
                sequence = try Self.lastSequence(db)
                let insert = try db.makeStatement(sql: "INSERT INTO events(sequence, value) VALUES (?, ?)")
                let handle = insert.sqliteStatement
                for value in events {
                    sequence += 1
                    sqlite3_bind_int64(handle, 1, Int64(bitPattern: sequence))
                    let code = value.withUnsafeBytes { bytes in
                        // SQLITE_STATIC (nil): the bytes outlive the step that reads them.
                        if let base = bytes.baseAddress {
                            sqlite3_bind_blob(handle, 2, base, Int32(bytes.count), nil)
                        } else {
                            sqlite3_bind_zeroblob(handle, 2, 0)
                        }
                        return sqlite3_step(handle)
                    }
                    sqlite3_reset(handle)
                    guard code == SQLITE_DONE else { throw Self.error(code, db, "appending event #\(sequence)") }
                }
                sqlite3_clear_bindings(handle)
                return .commit
            }
            return sequence
        }
    }

    /// One read transaction; a cursor over the rowid B-tree from `sequence + 1`.
    public func forEachEncoded(after sequence: UInt64, _ body: (UInt64, UnsafeRawBufferPointer) throws -> Bool) throws {
        guard sequence < UInt64(Int64.max) else { return }
        try queue.read { db in
            let select = try db.makeStatement(sql: "SELECT sequence, value FROM events WHERE sequence > ? ORDER BY sequence")
            let handle = select.sqliteStatement
            sqlite3_bind_int64(handle, 1, Int64(sequence))
            defer { sqlite3_reset(handle) }
            while true {
                let code = sqlite3_step(handle)
                if code == SQLITE_DONE { return }
                guard code == SQLITE_ROW else { throw Self.error(code, db, "reading events") }
                let current = UInt64(bitPattern: sqlite3_column_int64(handle, 0))
                let base = sqlite3_column_blob(handle, 1) // before _bytes, as SQLite asks
                let count = Int(sqlite3_column_bytes(handle, 1))
                guard try body(current, UnsafeRawBufferPointer(start: base, count: count)) else { return }
            }
        }
    }

    public func lastSequence() throws -> UInt64 {
        try queue.read { db in try Self.lastSequence(db) }
    }

    public func count() throws -> Int {
        try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM events") ?? 0 }
    }

    // MARK: Helpers

    private static func lastSequence(_ db: Database) throws -> UInt64 {
        let last = try Int64.fetchOne(db, sql: "SELECT sequence FROM events ORDER BY sequence DESC LIMIT 1")
        return last.map { UInt64(bitPattern: $0) } ?? 0
    }

    private static func error(_ code: Int32, _ db: Database, _ doing: String) -> DatabaseError {
        let message = db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) } ?? "no connection"
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: "\(doing): \(message)")
    }
}

extension EventStore {
    /// Every event after `sequence`, encoded, copied out of the store (for copying one store
    /// into another, and for the benchmarks' setup).
    public func encodedEvents(after sequence: UInt64 = 0, limit: Int = .max) throws -> [[UInt8]] {
        var events: [[UInt8]] = []
        try forEachEncoded(after: sequence) { _, bytes in
            guard events.count < limit else { return false }
            events.append(Array(bytes))
            return true
        }
        return events
    }

    /// Appends every event of `source` after this store's last, in transactions of `batchSize`
    /// events. For an empty store, the copy has the source's sequence numbers. Returns how many.
    @discardableResult
    public func appendCopy(of source: some EventStore, batchSize: Int = 10_000) throws -> Int {
        let events = try source.encodedEvents()
        var start = 0
        while start < events.count {
            let end = min(start + batchSize, events.count)
            try appendEncoded(events[start..<end])
            start = end
        }
        return events.count
    }
}
