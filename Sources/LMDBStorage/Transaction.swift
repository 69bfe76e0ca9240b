import CLMDB

/// Read operations shared by ``ReadTransaction`` and ``WriteTransaction``.
///
/// A transaction is valid only inside the closure that received it
/// (``Environment/read(_:)`` or ``Environment/write(_:)``).
public protocol Transaction {
    /// LMDB's `MDB_txn` handle.
    var handle: OpaquePointer { get }
}

extension Transaction {
    /// Calls `body` with the value stored under `key`, or returns `nil` when there is none.
    /// The buffer is valid only inside `body`.
    public func withValue<Result>(
        forKey key: UnsafeRawBufferPointer,
        in database: Database,
        _ body: (UnsafeRawBufferPointer) throws -> Result
    ) throws -> Result? {
        var keyValue = MDB_val(mv_size: key.count, mv_data: UnsafeMutableRawPointer(mutating: key.baseAddress))
        var data = MDB_val()
        let code = mdb_get(handle, database.handle, &keyValue, &data)
        if code == MDB_NOTFOUND { return nil }
        try check(code, "mdb_get")
        return try body(UnsafeRawBufferPointer(start: data.mv_data, count: data.mv_size))
    }

    /// The value stored under `key`, copied out, or `nil`.
    public func value(forKey key: [UInt8], in database: Database) throws -> [UInt8]? {
        try key.withUnsafeBytes { keyBytes in
            try withValue(forKey: keyBytes, in: database) { Array($0) }
        }
    }

    /// Opens a cursor on `database` for the duration of `body`.
    public func withCursor<Result>(on database: Database, _ body: (Cursor) throws -> Result) throws -> Result {
        var cursorHandle: OpaquePointer?
        try check(mdb_cursor_open(handle, database.handle, &cursorHandle), "mdb_cursor_open")
        defer { mdb_cursor_close(cursorHandle) }
        return try body(Cursor(handle: cursorHandle!))
    }

    /// Counts for `database` as this transaction sees it.
    public func statistics(of database: Database) throws -> DatabaseStatistics {
        var stat = MDB_stat()
        try check(mdb_stat(handle, database.handle, &stat), "mdb_stat")
        return DatabaseStatistics(
            entries: stat.ms_entries,
            depth: Int(stat.ms_depth),
            pages: stat.ms_branch_pages + stat.ms_leaf_pages + stat.ms_overflow_pages,
            pageSize: Int(stat.ms_psize)
        )
    }
}
