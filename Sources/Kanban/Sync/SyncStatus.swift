/// Where one syncing client stands on the server.
public struct SyncStatus: Hashable, Sendable {
    /// The client.
    public var client: String
    /// Its last mutation decided, applied or refused (0 before its first).
    public var lastMutationID: UInt64
    /// Its refused mutations after the number asked for, oldest first.
    public var refusals: [Refusal]
    /// The log's last event when this was read.
    public var lastSequence: UInt64

    public init(client: String, lastMutationID: UInt64, refusals: [Refusal], lastSequence: UInt64) {
        self.client = client
        self.lastMutationID = lastMutationID
        self.refusals = refusals
        self.lastSequence = lastSequence
    }
}
