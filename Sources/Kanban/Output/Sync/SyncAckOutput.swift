/// The data of a live stream's `ack` frame, sent to a client's stream after a push of its
/// commits: `{"clientID", "lastMutationID", "lastSequence", "refused"}`. The events the push
/// appended may reach the stream after the frame: a client applies it once it has the events
/// up to `lastSequence`.
public struct SyncAckOutput: Codable, Sendable, Equatable {
    public var clientID: String
    public var lastMutationID: UInt64
    public var lastSequence: UInt64
    /// The push's refusals.
    public var refused: [RefusalOutput]

    public init(clientID: String, lastMutationID: UInt64, lastSequence: UInt64, refused: [RefusalOutput]) {
        self.clientID = clientID
        self.lastMutationID = lastMutationID
        self.lastSequence = lastSequence
        self.refused = refused
    }
}
