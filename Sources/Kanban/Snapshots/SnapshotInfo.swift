import KanbanCore

/// A stored snapshot, as `kanban snapshots` lists it.
public struct SnapshotInfo: Sendable, Equatable {
    /// The sequence number of the last event it covers.
    public var sequence: UInt64
    /// Its size in bytes.
    public var bytes: Int
}
