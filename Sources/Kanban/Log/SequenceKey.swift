/// The key of an event in the `events` database: its sequence number as 8 big-endian bytes,
/// so LMDB's byte order is numeric order and appends take the `MDB_APPEND` fast path.
enum SequenceKey {
    /// Calls `body` with the key bytes of `sequence`.
    @inline(__always)
    static func withBytes<Result>(_ sequence: UInt64, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try withUnsafeBytes(of: sequence.bigEndian, body)
    }

    /// The sequence number in `key`, or `nil` when it is not 8 bytes.
    @inline(__always)
    static func sequence(from key: UnsafeRawBufferPointer) -> UInt64? {
        guard key.count == 8 else { return nil }
        return UInt64(bigEndian: key.loadUnaligned(as: UInt64.self))
    }
}
