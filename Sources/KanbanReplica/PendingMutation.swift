/// A change made on a replica and not yet decided by its origin: the push's wire form and
/// who made it (a push carries one actor's mutations).
public struct PendingMutation: Codable, Sendable, Equatable {
    /// Who made it: sent as `X-Kanban-Actor` (a server with tokens uses the token's actor).
    public var actor: String
    public var mutation: MutationWire

    public init(actor: String, mutation: MutationWire) {
        self.actor = actor
        self.mutation = mutation
    }
}
