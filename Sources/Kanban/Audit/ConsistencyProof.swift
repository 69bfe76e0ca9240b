/// That the tree of the first `old` events is a prefix of the tree of the first `new`:
/// RFC 6962's consistency proof between their roots.
public struct ConsistencyProof: Sendable, Equatable {
    public var old: UInt64
    public var new: UInt64
    public var oldRoot: MerkleHash.Digest
    public var newRoot: MerkleHash.Digest
    public var path: [MerkleHash.Digest]
}
