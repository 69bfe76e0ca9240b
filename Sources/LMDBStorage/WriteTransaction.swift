import CLMDB

/// A read-write transaction, valid inside ``Environment/write(_:)``.
///
/// LMDB allows one writer at a time across all processes. A write transaction must stay
/// on the thread that began it: do no `await` inside one.
public struct WriteTransaction: Transaction {
    public let handle: OpaquePointer

    /// Stores `value` under `key`.
    public func put(
        _ value: UnsafeRawBufferPointer,
        forKey key: UnsafeRawBufferPointer,
        in database: Database,
        flags: PutFlags = []
    ) throws {
        var keyValue = MDB_val(mv_size: key.count, mv_data: UnsafeMutableRawPointer(mutating: key.baseAddress))
        var data = MDB_val(mv_size: value.count, mv_data: UnsafeMutableRawPointer(mutating: value.baseAddress))
        try check(mdb_put(handle, database.handle, &keyValue, &data, flags.rawValue), "mdb_put")
    }

    /// Stores `value` under `key`.
    public func put(_ value: [UInt8], forKey key: [UInt8], in database: Database, flags: PutFlags = []) throws {
        try key.withUnsafeBytes { keyBytes in
            try value.withUnsafeBytes { valueBytes in
                try put(valueBytes, forKey: keyBytes, in: database, flags: flags)
            }
        }
    }

    /// Calls `body` with a cursor on `database` that stores entries: for many puts in ascending
    /// key order, each of which then skips the search from the root when its key belongs on the
    /// page the one before landed on.
    public func withWriteCursor<Result>(on database: Database, _ body: (WriteCursor) throws -> Result) throws -> Result {
        var cursorHandle: OpaquePointer?
        try check(mdb_cursor_open(handle, database.handle, &cursorHandle), "mdb_cursor_open")
        defer { mdb_cursor_close(cursorHandle) }
        return try body(WriteCursor(handle: cursorHandle!))
    }

    /// Removes the value under `key`. Returns `false` when there was none.
    @discardableResult
    public func delete(forKey key: [UInt8], in database: Database) throws -> Bool {
        try key.withUnsafeBytes { keyBytes in
            var keyValue = MDB_val(mv_size: keyBytes.count, mv_data: UnsafeMutableRawPointer(mutating: keyBytes.baseAddress))
            let code = mdb_del(handle, database.handle, &keyValue, nil)
            if code == MDB_NOTFOUND { return false }
            try check(code, "mdb_del")
            return true
        }
    }

    /// Removes every entry of `database` (`mdb_drop` without deleting the database itself).
    public func removeAll(in database: Database) throws {
        try check(mdb_drop(handle, database.handle, 0), "mdb_drop")
    }
}

// Explicit non-conformance to Sendable: a write transaction must stay on its thread.
@available(*, unavailable)
extension WriteTransaction: Sendable {}
