import Kanban
/// A refused mutation, as the sync answers give it: `{"id", "error", "conflict", "code"?,
/// "values"?}`. `code` and `values` (``KanbanError/code``, ``KanbanError/values``) come with a
/// refusal decided by the push being answered; a refusal read back later (a pull) has its reason only.
public struct RefusalOutput: Codable, Sendable, Equatable {
    /// The mutation's number.
    public var id: UInt64
    /// Why, one line.
    public var error: String
    /// Whether someone else's change stood in the way: sent again without `since`, it applies.
    public var conflict: Bool
    /// The reason's kind, for a client's own words.
    public var code: String?
    /// The names and numbers those words need.
    public var values: [String: String]?

    public init(id: UInt64, error: String, conflict: Bool, code: String? = nil, values: [String: String]? = nil) {
        self.id = id
        self.error = error
        self.conflict = conflict
        self.code = code
        self.values = values
    }

    public init(refusal: Refusal) {
        self.init(id: refusal.id, error: refusal.reason, conflict: refusal.isConflict)
    }
}
