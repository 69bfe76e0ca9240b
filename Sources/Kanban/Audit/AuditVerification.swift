/// What `kanban audit verify` found: every event's leaf recomputed from the stored bytes and
/// compared with the stored tree, every stored subtree recomputed, and a checkpoint's signature
/// and root when given.
public struct AuditVerification: Sendable, Equatable {
    /// Events in the log.
    public var events: UInt64
    /// Events the stored tree covers.
    public var treeSize: UInt64
    /// The root of the whole log, recomputed from its bytes.
    public var root: MerkleHash.Digest
    /// The checkpoint checked, if any: its size.
    public var checkpointSize: UInt64?
    /// The first sequence number that differs, when something does.
    public var firstDifference: UInt64?
    /// What is wrong, in one line, or `nil` when all is well.
    public var problem: String?

    public var isValid: Bool { problem == nil }
}
