/// That event `sequence` is leaf `sequence - 1` of the tree of the first `size` events:
/// RFC 6962's audit path from its leaf hash to the root.
public struct InclusionProof: Sendable, Equatable {
    public var sequence: UInt64
    public var size: UInt64
    public var leaf: MerkleHash.Digest
    public var root: MerkleHash.Digest
    /// Sibling hashes from the leaf up.
    public var path: [MerkleHash.Digest]
}
