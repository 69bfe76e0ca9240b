/// A mutation the origin refused, with its reason: kept on the replica so `kanban sync
/// --status` can list it.
public struct RefusedMutation: Codable, Sendable, Equatable {
    public var pending: PendingMutation
    /// Why, one line, as the server said it.
    public var error: String
    /// Whether someone else's change stood in the way.
    public var conflict: Bool

    public init(pending: PendingMutation, error: String, conflict: Bool) {
        self.pending = pending
        self.error = error
        self.conflict = conflict
    }
}
