import KanbanCore

/// An event as the log stores it: decoded, and the bytes of its value in the `events`
/// database, which are its RFC 6962 Merkle leaf.
public struct StoredEvent: Sendable, Equatable {
    /// The event the bytes decode to.
    public var event: RecordedEvent
    /// The value stored under its sequence number, byte for byte.
    public var bytes: [UInt8]

    public init(event: RecordedEvent, bytes: [UInt8]) {
        self.event = event
        self.bytes = bytes
    }

    /// The RFC 6962 leaf hash of the stored bytes: `SHA-256(0x00 ‖ bytes)`.
    public var leaf: MerkleHash.Digest { MerkleHash.leaf(bytes) }
}
