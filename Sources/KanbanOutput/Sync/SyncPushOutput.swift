import Kanban
/// The answer to a push: `{"clientID", "lastMutationID", "lastSequence", "results"}` — the
/// client's last mutation decided, the log's last event after the push, and each mutation's
/// result in the order sent.
public struct SyncPushOutput: Codable, Sendable, Equatable {
    public var clientID: String
    public var lastMutationID: UInt64
    public var lastSequence: UInt64
    public var results: [MutationResultOutput]

    public init(clientID: String, lastMutationID: UInt64, lastSequence: UInt64, results: [MutationResultOutput]) {
        self.clientID = clientID
        self.lastMutationID = lastMutationID
        self.lastSequence = lastSequence
        self.results = results
    }
}
