/// A board laid out where its cards lie in a state's card table: what a ``BoardView`` holds, for
/// a writer that reads each card once (the JSON of a board at a moment) and need not copy every
/// card into a view first. Valid only inside ``KanbanState/withLaidOut(_:now:today:_:)``.
public struct LaidOutBoard {
    /// The board.
    public let board: Board
    /// Its members, labels and column limits.
    public let details: BoardDetails
    /// Its columns, left to right (those the state holds).
    public let columns: [Column]

    /// One column: what a ``BoardView/ColumnView`` says of it, and where its cards lie.
    public struct Column {
        public let id: ColumnID
        public let name: String
        /// Its work in progress limit, if it has one.
        public let limit: Int?
        /// Whether the limit is strict.
        public let isStrict: Bool
        /// Its cards' positions in the card table, first to last.
        let positions: [Int]
        /// Whether the cards here can be overdue (every column but the board's last).
        let mayBeOverdue: Bool

        /// The number of cards in the column.
        public var count: Int { positions.count }
    }

    private let cards: UnsafeMutableBufferPointer<Card>
    private let cardDetails: [CardID: CardDetails]?
    private let now: Timestamp
    private let today: CalendarDay

    init(
        board: Board, details: BoardDetails, columns: [Column], cards: UnsafeMutableBufferPointer<Card>,
        cardDetails: [CardID: CardDetails]?, now: Timestamp, today: CalendarDay
    ) {
        self.board = board
        self.details = details
        self.columns = columns
        self.cards = cards
        self.cardDetails = cardDetails
        self.now = now
        self.today = today
    }

    /// Calls `body` with each card of `column`, first to last: the card where it lies (which
    /// `body` may read, and must not change), whether it is overdue (as ``BoardView/CardView``
    /// says), and its details, if it has any.
    public func forEachCard(
        of column: Column, _ body: (UnsafeMutablePointer<Card>, _ isOverdue: Bool, CardDetails?) throws -> Void
    ) rethrows {
        guard let base = cards.baseAddress else { return }
        for position in column.positions {
            let card = base + position
            let details = cardDetails?[card.pointee.id]
            let isOverdue = KanbanState.isOverdue(
                due: card.pointee.due, mayBeOverdue: column.mayBeOverdue, dueDone: details?.dueDone == true, now: now, today: today
            )
            try body(card, isOverdue, details)
        }
    }
}
