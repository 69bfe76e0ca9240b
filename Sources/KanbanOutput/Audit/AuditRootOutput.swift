import Kanban
/// `kanban audit root --json`: `{"size", "root"}`, the root in hex.
public struct AuditRootOutput: Codable, Sendable, Equatable {
    public var size: UInt64
    public var root: String

    public init(_ root: AuditRoot) {
        size = root.size
        self.root = MerkleHash.hex(root.root)
    }
}
