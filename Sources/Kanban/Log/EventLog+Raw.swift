import LMDBStorage

extension EventLog {
    /// Appends `bytes`, an event's stored form taken as is (an import's, of any format version),
    /// under `sequence`, which must be above the last one. The bytes are not re-encoded, so the
    /// value stored — and so the event's Merkle leaf — is the one given, byte for byte.
    public func append(raw bytes: [UInt8], sequence: UInt64, in transaction: WriteTransaction) throws {
        try SequenceKey.withBytes(sequence) { key in
            try bytes.withUnsafeBytes { value in
                try transaction.put(value, forKey: key, in: database, flags: .append)
            }
        }
    }
}
