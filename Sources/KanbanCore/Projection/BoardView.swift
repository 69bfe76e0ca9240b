/// A board laid out for display: its columns left to right, each with its cards in order.
public struct BoardView: Hashable, Sendable {
    public var id: BoardID
    public var name: String
    public var columns: [ColumnView]

    public init(id: BoardID, name: String, columns: [ColumnView]) {
        self.id = id
        self.name = name
        self.columns = columns
    }

    /// One column of a ``BoardView``.
    public struct ColumnView: Hashable, Sendable {
        public var id: ColumnID
        public var name: String
        public var cards: [CardView]

        public init(id: ColumnID, name: String, cards: [CardView]) {
            self.id = id
            self.name = name
            self.cards = cards
        }
    }

    /// One card of a ``BoardView``, with whether it is overdue.
    public struct CardView: Hashable, Sendable {
        public var card: Card
        public var isOverdue: Bool

        public init(card: Card, isOverdue: Bool) {
            self.card = card
            self.isOverdue = isOverdue
        }
    }
}

extension KanbanState {
    /// `board` laid out for display at `now`, whose local day is `today`.
    public func view(of board: Board, now: Timestamp, today: CalendarDay) -> BoardView {
        // As `isOverdue(_:now:today:)` for each card, with its board and column known here: a
        // view of 250,000 cards makes no dictionary lookups and no intermediate arrays.
        let lastColumn = board.columns.last
        return BoardView(id: board.id, name: board.name, columns: board.columns.compactMap { columnID in
            guard let column = columns[columnID] else { return nil }
            let order = order(of: columnID)
            var views: [BoardView.CardView] = []
            views.reserveCapacity(order.count)
            order.forEachSlot { slot in
                guard let card = cards[slot.card] else { return }
                let isOverdue = card.column != lastColumn && card.due?.hasPassed(now: now, today: today) == true
                views.append(BoardView.CardView(card: card, isOverdue: isOverdue))
            }
            return BoardView.ColumnView(id: column.id, name: column.name, cards: views)
        })
    }
}
