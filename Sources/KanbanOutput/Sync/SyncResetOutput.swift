/// A pull's `reset`: `{"asked", "lastSequence"}` — the client asked for the events after
/// `asked`, which is not a position of this log as it is now (past its end, or one the shared
/// log lost in a failover); the log ends at `lastSequence`. The same as a live stream's
/// `reset` event.
public struct SyncResetOutput: Codable, Sendable, Equatable {
    public var asked: UInt64
    public var lastSequence: UInt64

    public init(asked: UInt64, lastSequence: UInt64) {
        self.asked = asked
        self.lastSequence = lastSequence
    }
}
