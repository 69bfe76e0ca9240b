import Kanban
/// `kanban audit prove SEQ --json`: `{"sequence", "size", "leaf", "root", "path": [...]}`, hashes in hex.
public struct InclusionProofOutput: Codable, Sendable, Equatable {
    public var sequence: UInt64
    public var size: UInt64
    public var leaf: String
    public var root: String
    public var path: [String]

    public init(_ proof: InclusionProof) {
        sequence = proof.sequence
        size = proof.size
        leaf = MerkleHash.hex(proof.leaf)
        root = MerkleHash.hex(proof.root)
        path = proof.path.map(MerkleHash.hex)
    }
}
