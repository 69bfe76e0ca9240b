/// One line of a board's history: who did what, when, in words.
public struct HistoryEntry: Hashable, Sendable {
    public var sequence: UInt64
    /// When it happened (``RecordedEvent/validTime``).
    public var timestamp: Timestamp
    public var actor: String
    public var board: BoardID
    public var kind: EventKind
    /// The card concerned, for card events and their undos and redos.
    public var card: CardID?
    /// The sentence, such as "Moved 'X' from TODO to DOING."
    public var line: String
    /// The fields that changed.
    public var changes: [HistoryChange]
    /// When it was appended, when that is not when it happened (an imported history); else `nil`.
    public var recorded: Timestamp?

    public init(
        sequence: UInt64, timestamp: Timestamp, actor: String, board: BoardID, kind: EventKind,
        card: CardID?, line: String, changes: [HistoryChange], recorded: Timestamp? = nil
    ) {
        self.sequence = sequence
        self.timestamp = timestamp
        self.actor = actor
        self.board = board
        self.kind = kind
        self.card = card
        self.line = line
        self.changes = changes
        self.recorded = recorded
    }
}
