import KanbanCore
import LMDBStorage

extension EventLog {
    /// Appends `bytes`, an event's stored form taken as is (an import's, of any format version),
    /// under `sequence`, which must be above the last one. The bytes are not re-encoded, so the
    /// value stored — and so the event's Merkle leaf — is the one given, byte for byte.
    public func append(raw bytes: [UInt8], sequence: UInt64, in transaction: WriteTransaction) throws {
        try bytes.withUnsafeBytes { try append(raw: $0, sequence: sequence, in: transaction) }
    }

    /// ``append(raw:sequence:in:)`` of bytes that another store lends (valid during the call).
    public func append(raw bytes: UnsafeRawBufferPointer, sequence: UInt64, in transaction: WriteTransaction) throws {
        try SequenceKey.withBytes(sequence) { key in
            try transaction.put(bytes, forKey: key, in: database, flags: .append)
        }
    }

    /// Calls `body` with the raw bytes of each event of `sequences`, in the order given, until it
    /// returns `false`. A sequence the log lacks throws ``KanbanCore/KanbanError/corruptEvent(sequence:reason:)``:
    /// whoever named it (an index) and the log disagree.
    public func forEachRaw(
        at sequences: some Sequence<UInt64>,
        in transaction: some Transaction,
        _ body: (UInt64, UnsafeRawBufferPointer) throws -> Bool
    ) throws {
        for sequence in sequences {
            let more = try SequenceKey.withBytes(sequence) { key in
                try transaction.withValue(forKey: key, in: database) { bytes in try body(sequence, bytes) }
            }
            guard let more else { throw KanbanError.corruptEvent(sequence: sequence, reason: "the log lacks it, but its index names it") }
            guard more else { return }
        }
    }
}
