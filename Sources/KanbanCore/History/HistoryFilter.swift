/// Which history entries to show. Every condition given must hold.
public struct HistoryFilter: Sendable, Equatable {
    /// Only this board's events.
    public var board: BoardID?
    /// Only events concerning this card (live or deleted).
    public var card: CardID?
    /// Only events by this actor.
    public var actor: String?
    /// Only events that happened at or after this moment (``RecordedEvent/validTime``).
    public var since: Timestamp?
    /// Only events that happened at or before this moment (``RecordedEvent/validTime``).
    public var until: Timestamp?
    /// Only events at or before this sequence number.
    public var untilSequence: UInt64?
    /// At most this many entries: the most recent ones.
    public var limit: Int?

    public init(
        board: BoardID? = nil, card: CardID? = nil, actor: String? = nil, since: Timestamp? = nil,
        until: Timestamp? = nil, untilSequence: UInt64? = nil, limit: Int? = nil
    ) {
        self.board = board
        self.card = card
        self.actor = actor
        self.since = since
        self.until = until
        self.untilSequence = untilSequence
        self.limit = limit
    }

    /// Whether `event` passes every condition but the limit.
    public func admits(_ event: RecordedEvent) -> Bool {
        if let board, event.board != board { return false }
        if let actor, event.actor != actor { return false }
        if let since, event.validTime < since { return false }
        if let until, event.validTime > until { return false }
        if let untilSequence, event.sequence > untilSequence { return false }
        if let card, event.payload.card != card { return false }
        return true
    }
}
