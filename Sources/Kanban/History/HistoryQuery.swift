import KanbanCore

/// A history request in the terms a person uses: names, an id prefix, moments.
public struct HistoryQuery: Sendable, Equatable {
    /// The board by name; `nil` for every board.
    public var board: String?
    /// A card's id or unique prefix; deleted cards count.
    public var card: String?
    /// Only events by this actor.
    public var actor: String?
    public var since: Timestamp?
    public var until: Timestamp?
    /// Only events up to this sequence number.
    public var untilSequence: UInt64?
    /// At most this many entries, the most recent.
    public var limit: Int?
    public var language: HistoryLanguage

    public init(
        board: String? = DefaultBoard.name, card: String? = nil, actor: String? = nil, since: Timestamp? = nil,
        until: Timestamp? = nil, untilSequence: UInt64? = nil, limit: Int? = nil, language: HistoryLanguage = .english
    ) {
        self.board = board
        self.card = card
        self.actor = actor
        self.since = since
        self.until = until
        self.untilSequence = untilSequence
        self.limit = limit
        self.language = language
    }
}
