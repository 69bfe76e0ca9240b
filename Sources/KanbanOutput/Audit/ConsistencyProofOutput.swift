import Kanban
/// `kanban audit consistency OLD [NEW] --json`: `{"old", "new", "oldRoot", "newRoot", "path": [...]}`.
public struct ConsistencyProofOutput: Codable, Sendable, Equatable {
    public var old: UInt64
    public var new: UInt64
    public var oldRoot: String
    public var newRoot: String
    public var path: [String]

    public init(_ proof: ConsistencyProof) {
        old = proof.old
        new = proof.new
        oldRoot = MerkleHash.hex(proof.oldRoot)
        newRoot = MerkleHash.hex(proof.newRoot)
        path = proof.path.map(MerkleHash.hex)
    }
}
