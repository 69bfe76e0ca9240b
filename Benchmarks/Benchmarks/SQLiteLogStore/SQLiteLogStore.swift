import Foundation
import GRDB
import Kanban
import KanbanCore

/// The event log in a SQLite database instead of LMDB, as a ``Kanban/LogStore``: for the
/// benchmarks and the tests only. One file in WAL mode with `synchronous = FULL` (every commit
/// syncs the WAL, as LMDB syncs on every commit by default); its tables are
/// ``SQLiteLogSchema``'s.
///
/// Positions are the log's sequence numbers, as on LMDB: global and gapless (an append must take
/// the log's next ones), which one file whose writes take turns (`BEGIN IMMEDIATE`) keeps at no
/// cost, and which lets the same events sit under the same positions in both stores. Each value
/// is the event's ``KanbanCore/EventCodec`` form, exactly the bytes LMDB holds; `position` is the
/// rowid, so reading in position order walks the table's own B-tree.
///
/// Answers are kept by board, actor and key, as PostgreSQL keeps them.
///
/// GRDB opens and configures the connection and runs the transactions: ``read(_:)`` is one read
/// transaction, ``write(_:)`` one `BEGIN IMMEDIATE` transaction, dropped when its body throws.
/// The per-row loops step SQLite's C API on GRDB's prepared statements and hand the blob out
/// without a copy (``Kanban/LogReading/forEachStored(after:_:)``), as LMDB hands out its map:
/// neither store pays a wrapper's per-row cost.
///
/// For example:
///
/// ```swift
/// let store = try SQLiteLogStore(path: "/tmp/kanban.sqlite")
/// let state = try store.replayedState()
/// ```
public final class SQLiteLogStore: LogStore {
    /// The database file.
    public let path: String
    /// The one connection, whose accesses GRDB serializes.
    private let queue: DatabaseQueue

    /// How long a write waits for another connection's write to end before it fails.
    static let busyTimeout: TimeInterval = 30

    /// Opens (creating when missing) the database at `path`. A file holding another layout
    /// (not made by this store, or by a newer one) throws and is left as it was.
    public init(path: String) throws {
        self.path = path
        var configuration = Configuration()
        configuration.journalMode = .wal // GRDB then sets synchronous = NORMAL: raised to FULL below
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.label = "kanban-sqlite-log"
        queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            let journal = try String.fetchOne(db, sql: "PRAGMA journal_mode")
            let synchronous = try Int.fetchOne(db, sql: "PRAGMA synchronous")
            guard journal == "wal", synchronous == 2 else {
                throw SQLiteLogStoreError("\(path): journal_mode \(journal ?? "?"), synchronous \(synchronous ?? -1); want wal and FULL (2)")
            }
            try db.inTransaction(.immediate) {
                try SQLiteLogSchema.apply(db, path: path)
                return .commit
            }
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

    // MARK: LogStore

    /// One read transaction (`BEGIN DEFERRED`, read-only): a snapshot of the WAL as of its first read.
    public func read<R>(_ body: (any LogReading) throws -> R) throws -> R {
        try queue.read { db in
            try body(SQLiteLogTransaction(db))
        }
    }

    /// One `BEGIN IMMEDIATE … COMMIT`: the write lock is taken before anything is read, so the
    /// heads, positions and keys checked are the ones committed against. Rolled back when
    /// `body` throws; `body` runs once.
    @discardableResult
    public func write<R>(_ body: (any LogWriting) throws -> R) throws -> R {
        try queue.writeWithoutTransaction { db in
            var result: R?
            try db.inTransaction(.immediate) {
                result = try body(SQLiteLogTransaction(db))
                return .commit
            }
            guard let result else { throw SQLiteLogStoreError("\(path): a write committed without a result") }
            return result
        }
    }
}
