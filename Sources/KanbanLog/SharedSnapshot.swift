/// A snapshot of the state folded from a shared log's first `position` events, kept in the log
/// for nodes that start on an empty cache (``LogWriting/keepSnapshot(_:keepingNewest:)``,
/// ``LogReading/newestSnapshot(atOrBefore:)``): `root` is the audit root of those events, so a
/// node takes it only when its own tree has the same root there, and `bytes` are the snapshot as
/// an engine stores it (its own header and checksum).
public struct SharedSnapshot: Sendable, Equatable {
    /// The last position the snapshot covers.
    public let position: UInt64
    /// The RFC 6962 root of the log's first `position` events.
    public let root: [UInt8]
    /// The snapshot's bytes.
    public let bytes: [UInt8]

    public init(position: UInt64, root: [UInt8], bytes: [UInt8]) {
        self.position = position
        self.root = root
        self.bytes = bytes
    }
}
