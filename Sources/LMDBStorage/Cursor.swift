import CLMDB

/// A position in a database, valid inside ``Transaction/withCursor(on:_:)``.
///
/// Every entry returned points into the map and is valid only until the next move.
public struct Cursor {
    let handle: OpaquePointer

    /// Moves to the first entry.
    public func first() throws -> Entry? { try move(MDB_FIRST) }
    /// Moves to the last entry.
    public func last() throws -> Entry? { try move(MDB_LAST) }
    /// Moves to the next entry.
    public func next() throws -> Entry? { try move(MDB_NEXT) }
    /// Moves to the previous entry.
    public func previous() throws -> Entry? { try move(MDB_PREV) }

    /// Moves to the first entry whose key is greater than or equal to `key`.
    public func seek(atLeast key: UnsafeRawBufferPointer) throws -> Entry? {
        var keyValue = MDB_val(mv_size: key.count, mv_data: UnsafeMutableRawPointer(mutating: key.baseAddress))
        var data = MDB_val()
        let code = mdb_cursor_get(handle, &keyValue, &data, MDB_SET_RANGE)
        if code == MDB_NOTFOUND { return nil }
        try check(code, "mdb_cursor_get")
        return Entry(
            key: UnsafeRawBufferPointer(start: keyValue.mv_data, count: keyValue.mv_size),
            value: UnsafeRawBufferPointer(start: data.mv_data, count: data.mv_size)
        )
    }

    @inline(__always)
    private func move(_ operation: MDB_cursor_op) throws -> Entry? {
        var keyValue = MDB_val()
        var data = MDB_val()
        let code = mdb_cursor_get(handle, &keyValue, &data, operation)
        if code == MDB_NOTFOUND { return nil }
        try check(code, "mdb_cursor_get")
        return Entry(
            key: UnsafeRawBufferPointer(start: keyValue.mv_data, count: keyValue.mv_size),
            value: UnsafeRawBufferPointer(start: data.mv_data, count: data.mv_size)
        )
    }
}

// Explicit non-conformance to Sendable: a cursor belongs to its transaction.
@available(*, unavailable)
extension Cursor: Sendable {}
