import Kanban
/// A stored snapshot: `{"sequence", "bytes"}`, as `kanban snapshot --json` prints the one it
/// took and `kanban snapshots --json` lists them.
public struct SnapshotOutput: Codable, Sendable, Equatable {
    /// The sequence number of the last event it covers (0: the log was empty, nothing was taken).
    public var sequence: UInt64
    /// Its size in bytes.
    public var bytes: Int

    public init(sequence: UInt64, bytes: Int) {
        self.sequence = sequence
        self.bytes = bytes
    }

    /// The form of `info`.
    public init(info: SnapshotInfo) {
        self.init(sequence: info.sequence, bytes: info.bytes)
    }
}
