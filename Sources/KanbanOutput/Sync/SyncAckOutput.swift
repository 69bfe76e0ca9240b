import Kanban
/// The data of a live stream's `ack` frame, sent to a client's streams after a push of its
/// that decided mutations commits: `{"clientID", "from", "through", "lastMutationID",
/// "lastSequence", "refused"}` — the push decided mutations `from` through `through`, those in
/// `refused` refused and the others applied (a push that decided none, all duplicates, sends no
/// frame). The events the push appended may reach the stream after the frame: a client applies
/// it once it has the events up to `lastSequence`.
public struct SyncAckOutput: Codable, Sendable, Equatable {
    public var clientID: String
    /// The first and last mutation the push decided.
    public var from: UInt64
    public var through: UInt64
    /// The client's last mutation decided when the answer was made (another push's may be later).
    public var lastMutationID: UInt64
    public var lastSequence: UInt64
    /// The push's refusals.
    public var refused: [RefusalOutput]

    public init(clientID: String, from: UInt64, through: UInt64, lastMutationID: UInt64, lastSequence: UInt64, refused: [RefusalOutput]) {
        self.clientID = clientID
        self.from = from
        self.through = through
        self.lastMutationID = lastMutationID
        self.lastSequence = lastSequence
        self.refused = refused
    }
}
