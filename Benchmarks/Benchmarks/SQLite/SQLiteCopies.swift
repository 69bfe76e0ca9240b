import BenchmarkSupport
import Foundation
import Kanban
import KanbanCore
import SQLiteLogStore

/// The SQLite copies of the generated LMDB logs.
enum SQLiteCopies {
    /// `$TMPDIR/kanban-bench-N.sqlite`. Benchmarks only read it.
    static func path(events: Int) -> String {
        Workload.scratchPath("kanban-bench-\(events).sqlite")
    }

    /// The SQLite copy of the log of `events` events, made when missing or when it is not the
    /// same log (another last position, other heads or another last event: the LMDB log was
    /// generated again), or not one `SQLiteLogStore` reads (an older layout).
    @discardableResult
    static func store(events: Int) throws -> String {
        let lmdb = try LMDBLogStore(path: Workload.log(events: events))
        let path = path(events: events)
        if FileManager.default.fileExists(atPath: path), (try? isCopy(try SQLiteLogStore(path: path), of: lmdb)) == true {
            return path
        }
        try SQLiteLogStore.remove(at: path)
        let start = ContinuousClock.now
        let store = try SQLiteLogStore(path: path)
        let copied = try store.copyEvents(from: lmdb)
        try store.checkpoint()
        FileHandle.standardError.write(Data("kanban-bench: copied \(copied) events into \(path) in \(ContinuousClock.now - start)\n".utf8))
        return path
    }

    /// A fresh copy of the SQLite store of `events` events at `$TMPDIR/name`, for appending.
    static func writableCopy(events: Int, name: String) throws -> String {
        let source = try store(events: events)
        try SQLiteLogStore(path: source).checkpoint() // the file alone is the whole database
        let target = Workload.scratchPath(name)
        try SQLiteLogStore.remove(at: target)
        try FileManager.default.copyItem(atPath: source, toPath: target)
        return target
    }

    /// The first 10,000 events of the log of `events` events: what the one-event appends append.
    static func sample(events: Int) throws -> [LogEntry] {
        let sample = try entries(events: events, limit: 10_000)
        precondition(!sample.isEmpty, "the log of \(events) events is empty")
        return sample
    }

    /// The events of the log of `events` events (at most `limit`), copied out of LMDB.
    static func entries(events: Int, limit: Int = .max) throws -> [LogEntry] {
        try Workload.entries(events: events, limit: limit)
    }

    /// Whether `copy` holds `source`'s last position and heads, and its last event's bytes.
    private static func isCopy(_ copy: some LogStore, of source: some LogStore) throws -> Bool {
        func summary(_ store: some LogStore) throws -> (UInt64, [BoardID: UInt64], [UInt8]?) {
            try store.read { reader in
                let last = try reader.lastPosition()
                var bytes: [UInt8]?
                try reader.forEachStored(after: last &- 1) { _, stored in
                    bytes = Array(stored)
                    return false
                }
                return (last, try reader.heads(), bytes)
            }
        }
        let (copied, original) = (try summary(copy), try summary(source))
        return copied.0 == original.0 && copied.1 == original.1 && copied.2 == original.2
    }
}
