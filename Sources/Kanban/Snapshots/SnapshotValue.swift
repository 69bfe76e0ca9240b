/// A snapshot as stored: the sequence it covers and its bytes (``SnapshotStore/value(of:timestamp:)``).
public struct SnapshotValue: Sendable {
    /// The sequence number of the last event the snapshot covers.
    public let sequence: UInt64
    /// Header, checksum and encoded state.
    public let bytes: [UInt8]
}
