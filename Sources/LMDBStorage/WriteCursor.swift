import CLMDB

/// A cursor that stores entries, valid inside ``WriteTransaction/withWriteCursor(on:_:)``.
///
/// Puts in ascending key order through one cursor are LMDB's cheap path: a cursor still on the
/// page where the next key belongs finds its place there, with no search from the root.
public struct WriteCursor {
    let handle: OpaquePointer

    /// Stores `value` under `key`.
    public func put(_ value: UnsafeRawBufferPointer, forKey key: UnsafeRawBufferPointer, flags: PutFlags = []) throws {
        var keyValue = MDB_val(mv_size: key.count, mv_data: UnsafeMutableRawPointer(mutating: key.baseAddress))
        var data = MDB_val(mv_size: value.count, mv_data: UnsafeMutableRawPointer(mutating: value.baseAddress))
        try check(mdb_cursor_put(handle, &keyValue, &data, flags.rawValue), "mdb_cursor_put")
    }

    /// Stores `value` under `key`.
    public func put(_ value: [UInt8], forKey key: [UInt8], flags: PutFlags = []) throws {
        try key.withUnsafeBytes { keyBytes in
            try value.withUnsafeBytes { valueBytes in try put(valueBytes, forKey: keyBytes, flags: flags) }
        }
    }
}

// Explicit non-conformance to Sendable: a cursor belongs to its transaction.
@available(*, unavailable)
extension WriteCursor: Sendable {}
