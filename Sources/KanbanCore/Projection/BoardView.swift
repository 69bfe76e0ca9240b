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
        cards.values.withUnsafeBufferPointer { values in
            layOut(board, positions: positionsByColumn(of: board), now: now, today: today) { values[$0] }
        }
    }

    /// As ``view(of:now:today:)``, moving the cards out of the state, which is used up: a state
    /// read only to be laid out once gives its cards to the view without copying them (a copy
    /// retains each card's texts, a tenth of laying out 117,000 cards).
    public consuming func takeView(of board: Board, now: Timestamp, today: CalendarDay) -> BoardView {
        let positions = positionsByColumn(of: board)
        return cards.takingCards { take in
            layOut(board, positions: positions, now: now, today: today, card: take)
        }
    }

    /// The view of `board` whose columns hold the cards at `positions` of ``CardTable/values``,
    /// each got by `card`.
    private func layOut(
        _ board: Board, positions: [[Int]], now: Timestamp, today: CalendarDay, card: (Int) -> Card
    ) -> BoardView {
        // As `isOverdue(_:now:today:)` for each card, with its board and column known here: a
        // view of 250,000 cards makes no dictionary lookups and no intermediate arrays.
        let lastColumn = board.columns.last
        let boardDetails = details(ofBoard: board.id)
        let anyDetails = !details.isEmpty
        let columnViews = board.columns.enumerated().compactMap { number, columnID -> BoardView.ColumnView? in
            guard let column = columns[columnID] else { return nil }
            // Each card view is made in its place, around a text-free stand-in, and the card is
            // swapped in: building the view from the card copied it, then copied the view into
            // the array (each copy retaining the card's texts).
            let views = [BoardView.CardView](unsafeUninitializedCapacity: positions[number].count) { buffer, count in
                guard let base = buffer.baseAddress else { return }
                for position in positions[number] {
                    var card = card(position)
                    let cardDetails = anyDetails ? details[card.id] : nil
                    let isOverdue = Self.isOverdue(
                        due: card.due, mayBeOverdue: card.column != lastColumn, dueDone: cardDetails?.dueDone == true, now: now, today: today
                    )
                    let slot = base + count
                    slot.initialize(to: BoardView.CardView(card: Card.standIn, isOverdue: isOverdue, details: cardDetails))
                    swap(&slot.pointee.card, &card)
                    count += 1
                }
            }
            let limit = boardDetails.limit(of: columnID)
            return BoardView.ColumnView(id: column.id, name: column.name, cards: views, limit: limit?.cards, isStrict: limit?.isStrict ?? false)
        }
        return BoardView(id: board.id, name: board.name, columns: columnViews, details: boardDetails)
    }

    /// For each of `board`'s columns, the positions in ``CardTable/values`` of its cards, first
    /// to last: from the column orders when they are built, else from one pass over the cards
    /// and a sort of each column (cards decoded from a snapshot come column by column, each in
    /// order, so the sort mostly finds runs already sorted).
    func positionsByColumn(of board: Board) -> [[Int]] {
        if orders != nil {
            return board.columns.map { column in
                var positions: [Int] = []
                order(of: column).forEachSlot { slot in
                    if let position = cards.index(forKey: slot.card) { positions.append(position) }
                }
                return positions
            }
        }
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
