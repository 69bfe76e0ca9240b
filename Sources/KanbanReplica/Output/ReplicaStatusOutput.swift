/// `kanban sync --status --json`: `{"origin", "clientID", "pending", "refused"}`.
public struct ReplicaStatusOutput: Codable, Sendable, Equatable {
    public var origin: String
    public var clientID: String
    /// The changes not yet decided by the origin, oldest first.
    public var pending: [PendingMutation]
    /// The changes it refused, with its reasons.
    public var refused: [RefusedMutation]

    public init(origin: String, clientID: String, pending: [PendingMutation], refused: [RefusedMutation]) {
        self.origin = origin
        self.clientID = clientID
        self.pending = pending
        self.refused = refused
    }
}
