/// The root of the tree of the first `size` events.
public struct AuditRoot: Sendable, Equatable {
    public var size: UInt64
    public var root: MerkleHash.Digest

    public init(size: UInt64, root: MerkleHash.Digest) {
        self.size = size
        self.root = root
    }
}
