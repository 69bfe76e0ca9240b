import Kanban
/// `kanban audit verify --json`: `{"ok", "events", "treeSize", "root", "checkpointSize",
/// "firstDifference", "problem"}`.
public struct AuditVerifyOutput: Codable, Sendable, Equatable {
    public var ok: Bool
    public var events: UInt64
    public var treeSize: UInt64
    public var root: String
    public var checkpointSize: UInt64?
    public var firstDifference: UInt64?
    public var problem: String?

    public init(_ verification: AuditVerification) {
        ok = verification.isValid
        events = verification.events
        treeSize = verification.treeSize
        root = MerkleHash.hex(verification.root)
        checkpointSize = verification.checkpointSize
        firstDifference = verification.firstDifference
        problem = verification.problem
    }

    enum CodingKeys: String, CodingKey {
        case ok, events, treeSize, root, checkpointSize, firstDifference, problem
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ok, forKey: .ok)
        try container.encode(events, forKey: .events)
        try container.encode(treeSize, forKey: .treeSize)
        try container.encode(root, forKey: .root)
        try container.encode(checkpointSize, forKey: .checkpointSize)
        try container.encode(firstDifference, forKey: .firstDifference)
        try container.encode(problem, forKey: .problem)
    }
}
