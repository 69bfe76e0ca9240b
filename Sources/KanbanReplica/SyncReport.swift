/// What one ``Replica/sync()`` did.
public struct SyncReport: Sendable, Equatable {
    /// Mutations the origin applied now, or had applied before (a retry after a lost answer).
    public var applied: Int
    /// Mutations the origin refused now, with their reasons.
    public var refused: [RefusedMutation]
    /// Events pulled and appended to the replica's log.
    public var pulled: Int
    /// The new client id the replica took because a copy of it had used its id, if it did.
    public var clientSwitch: ClientSwitch?

    public init(applied: Int = 0, refused: [RefusedMutation] = [], pulled: Int = 0, clientSwitch: ClientSwitch? = nil) {
        self.applied = applied
        self.refused = refused
        self.pulled = pulled
        self.clientSwitch = clientSwitch
    }
}
