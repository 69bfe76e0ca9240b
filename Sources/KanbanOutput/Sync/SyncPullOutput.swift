import Kanban
/// The answer to a pull: `{"clientID", "lastMutationID", "lastSequence", "refused", "events"}` —
/// where the client stands (its last mutation decided, and its refusals after the one asked
/// for) and the log's events after the sequence asked for, a page at a time.
public struct SyncPullOutput: Codable, Sendable, Equatable {
    public var clientID: String
    public var lastMutationID: UInt64
    public var lastSequence: UInt64
    public var refused: [RefusalOutput]
    public var events: [EventOutput]
    /// Set when the sequence asked for is not this log's (past its end, or in a range the
    /// shared log lost in a failover): the client's copy is not this log's, and `events` start
    /// from the log's first.
    public var reset: SyncResetOutput?

    public init(
        clientID: String, lastMutationID: UInt64, lastSequence: UInt64, refused: [RefusalOutput], events: [EventOutput],
        reset: SyncResetOutput? = nil
    ) {
        self.clientID = clientID
        self.lastMutationID = lastMutationID
        self.lastSequence = lastSequence
        self.refused = refused
        self.events = events
        self.reset = reset
    }
}
