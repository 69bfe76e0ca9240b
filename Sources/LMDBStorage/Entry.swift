/// A key and value read from a database.
///
/// Both buffers point into LMDB's memory map: they are valid only until the next
/// operation on the cursor or transaction that returned them, and never after the
/// transaction ends. Copy out what you keep.
public struct Entry {
    public let key: UnsafeRawBufferPointer
    public let value: UnsafeRawBufferPointer
}

// Explicit non-conformance to Sendable: the buffers live only as long as the transaction.
@available(*, unavailable)
extension Entry: Sendable {}
