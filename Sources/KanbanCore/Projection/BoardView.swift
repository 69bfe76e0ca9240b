/// A board laid out for display: its columns left to right, each with its cards in order.
public struct BoardView: Hashable, Sendable {
    public var id: BoardID
    public var name: String
    public var columns: [ColumnView]
    /// Its members and labels (and column limits, which each ``ColumnView`` carries too).
    public var details: BoardDetails

    public init(id: BoardID, name: String, columns: [ColumnView], details: BoardDetails = BoardDetails()) {
        self.id = id
        self.name = name
        self.columns = columns
        self.details = details
    }

    /// One column of a ``BoardView``.
    public struct ColumnView: Hashable, Sendable {
        public var id: ColumnID
        public var name: String
        public var cards: [CardView]
        /// Its work in progress limit, if it has one.
        public var limit: Int?
        /// Whether the limit is strict: the column refuses cards over it.
        public var isStrict: Bool

        public init(id: ColumnID, name: String, cards: [CardView], limit: Int? = nil, isStrict: Bool = false) {
            self.id = id
            self.name = name
            self.cards = cards
            self.limit = limit
            self.isStrict = isStrict && limit != nil
        }
    }

    /// One card of a ``BoardView``, with whether it is overdue.
    public struct CardView: Hashable, Sendable {
        public var card: Card
        public var isOverdue: Bool
        /// Its details, behind a reference (see ``CardDetailsBox``).
        private var detailsBox: CardDetailsBox?

        /// Its details; `nil` when it has none.
        public var details: CardDetails? {
            get { detailsBox?.value }
            set { detailsBox = newValue.map(CardDetailsBox.init) }
        }

        public init(card: Card, isOverdue: Bool, details: CardDetails? = nil) {
            self.card = card
            self.isOverdue = isOverdue
            detailsBox = details.map(CardDetailsBox.init)
        }
    }
}

extension KanbanState {
    /// `board` laid out for display at `now`, whose local day is `today`.
    ///
    /// With the column orders built (``buildOrderIndex()``) it walks them; without, it gathers the
    /// board's cards in one pass over ``cards`` and sorts each column, which costs less than
    /// building the orders and looking every card up by id (a state read once, as of a moment).
    public func view(of board: Board, now: Timestamp, today: CalendarDay) -> BoardView {
        // As `isOverdue(_:now:today:)` for each card, with its board and column known here: a
        // view of 250,000 cards makes no dictionary lookups and no intermediate arrays.
        let lastColumn = board.columns.last
        let boardDetails = details(ofBoard: board.id)
        let anyDetails = !details.isEmpty
        let positions = orders == nil ? positionsByColumn(of: board) : nil
        let columnViews = board.columns.enumerated().compactMap { number, columnID -> BoardView.ColumnView? in
            guard let column = columns[columnID] else { return nil }
            var views: [BoardView.CardView] = []
            func add(_ card: Card) {
                let cardDetails = anyDetails ? details[card.id] : nil
                // A due date marked done is never overdue, whatever the column.
                let isOverdue = card.column != lastColumn && card.due?.hasPassed(now: now, today: today) == true && cardDetails?.dueDone != true
                views.append(BoardView.CardView(card: card, isOverdue: isOverdue, details: cardDetails))
            }
            if let positions {
                views.reserveCapacity(positions[number].count)
                cards.values.withUnsafeBufferPointer { values in
                    for position in positions[number] { add(values[position]) }
                }
            } else {
                let order = order(of: columnID)
                views.reserveCapacity(order.count)
                order.forEachSlot { slot in
                    if let card = cards[slot.card] { add(card) }
                }
            }
            let limit = boardDetails.limit(of: columnID)
            return BoardView.ColumnView(id: column.id, name: column.name, cards: views, limit: limit?.cards, isStrict: limit?.isStrict ?? false)
        }
        return BoardView(id: board.id, name: board.name, columns: columnViews, details: boardDetails)
    }

    /// For each of `board`'s columns, the positions in ``CardTable/values`` of its cards, first
    /// to last. Cards decoded from a snapshot come column by column, each in order, so the sort
    /// mostly finds runs already sorted.
    private func positionsByColumn(of board: Board) -> [[Int]] {
        var positions = Array(repeating: [Int](), count: board.columns.count)
        cards.values.withUnsafeBufferPointer { values in
            var runColumn: ColumnID?
            var runNumber: Int?
            for (position, card) in values.enumerated() {
                if card.column != runColumn {
                    runColumn = card.column
                    runNumber = board.columns.firstIndex(of: card.column)
                }
                if let runNumber { positions[runNumber].append(position) }
            }
            for number in positions.indices {
                positions[number].sort { values[$0].key != values[$1].key ? values[$0].key < values[$1].key : values[$0].id < values[$1].id }
            }
        }
        return positions
    }
}
