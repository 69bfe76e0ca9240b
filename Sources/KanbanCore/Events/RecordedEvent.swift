/// An event as the log holds it: its envelope and payload.
public struct RecordedEvent: Hashable, Sendable {
    /// Its place in the log, from 1.
    public var sequence: UInt64
    /// When it was appended.
    public var timestamp: Timestamp
    /// Who caused it.
    public var actor: String
    /// Its unique id.
    public var id: EventID
    /// The board it belongs to.
    public var board: BoardID
    public var payload: EventPayload
    /// When the change happened, when that is not when it was appended: an imported history;
    /// `nil` for events recorded as they happen.
    public var happenedAt: Timestamp?

    public init(
        sequence: UInt64, timestamp: Timestamp, actor: String, id: EventID, board: BoardID, payload: EventPayload,
        happenedAt: Timestamp? = nil
    ) {
        self.sequence = sequence
        self.timestamp = timestamp
        self.actor = actor
        self.id = id
        self.board = board
        self.payload = payload
        self.happenedAt = happenedAt
    }

    /// When the change happened (valid time): ``happenedAt`` when the event carries it, else
    /// when it was appended (transaction time).
    public var validTime: Timestamp { happenedAt ?? timestamp }
}
