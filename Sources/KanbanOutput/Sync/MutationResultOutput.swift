import Kanban
import KanbanCore

/// What became of one pushed mutation: `{"id", "status", "events"?, "error"?, "conflict"?,
/// "expected"?, "code"?, "values"?}`. `status` is `applied` (with the events appended), `refused`
/// (with the reason, whether it was a conflict, and the reason's kind and values for a client's
/// own words: ``KanbanError/code`` and ``KanbanError/values``), `duplicate` (decided before: nothing now), `reused`
/// (its id was decided before for another change — a copied or restored client: nothing now;
/// send it again under a new client id; `expected` is the server's next for this client) or
/// `outOfOrder` (not decided: the client's next expected mutation is `expected`).
public struct MutationResultOutput: Codable, Sendable, Equatable {
    public var id: UInt64
    public var status: String
    public var events: [EventOutput]?
    public var error: String?
    public var conflict: Bool?
    public var expected: UInt64?
    public var code: String?
    public var values: [String: String]?

    public init(
        id: UInt64, status: String, events: [EventOutput]? = nil, error: String? = nil, conflict: Bool? = nil,
        expected: UInt64? = nil, code: String? = nil, values: [String: String]? = nil
    ) {
        self.id = id
        self.status = status
        self.events = events
        self.error = error
        self.conflict = conflict
        self.expected = expected
        self.code = code
        self.values = values
    }

    /// The output for mutation `id`'s `result`; `reason` words a refusal.
    public init(id: UInt64, result: MutationResult, reason: (KanbanError) -> String = \.description) {
        switch result {
        case .applied(let outcome): self.init(id: id, status: "applied", events: outcome.events.map(EventOutput.init(event:)))
        case .refused(let error):
            self.init(id: id, status: "refused", error: reason(error), conflict: error.isConflictWithOthers, code: error.code, values: error.values)
        case .duplicate: self.init(id: id, status: "duplicate")
        case .reused(let expected):
            self.init(
                id: id, status: "reused",
                error: "mutation \(id) of this client id was decided before for another change (a copied or restored client?): nothing was applied; send it again under a new client id",
                expected: expected
            )
        case .outOfOrder(let expected): self.init(id: id, status: "outOfOrder", expected: expected)
        }
    }
}
