import KanbanCore

/// An idempotency answer as a log keeps it: whose key, when, and the answer's bytes.
public struct KeptAnswer: Sendable, Hashable {
    public var board: BoardID
    public var actor: String
    public var key: String
    public var time: Timestamp
    public var bytes: [UInt8]

    public init(board: BoardID, actor: String, key: String, time: Timestamp, bytes: [UInt8]) {
        self.board = board
        self.actor = actor
        self.key = key
        self.time = time
        self.bytes = bytes
    }
}
