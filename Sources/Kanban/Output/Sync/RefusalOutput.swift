/// A refused mutation, as the sync answers give it: `{"id", "error", "conflict"}`.
public struct RefusalOutput: Codable, Sendable, Equatable {
    /// The mutation's number.
    public var id: UInt64
    /// Why, one line.
    public var error: String
    /// Whether someone else's change stood in the way: sent again without `since`, it applies.
    public var conflict: Bool

    public init(id: UInt64, error: String, conflict: Bool) {
        self.id = id
        self.error = error
        self.conflict = conflict
    }

    public init(refusal: Refusal) {
        self.init(id: refusal.id, error: refusal.reason, conflict: refusal.isConflict)
    }
}
