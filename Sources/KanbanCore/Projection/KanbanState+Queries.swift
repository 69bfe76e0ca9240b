extension KanbanState {
    /// The live board named `name`, compared case-insensitively.
    public func board(named name: String) -> Board? {
        // The exact name first: most lookups spell it as it is, and lowercasing costs more.
        for id in boardOrder {
            if let board = boards[id], board.name == name { return board }
        }
        let wanted = name.lowercased()
        return boardOrder.lazy.compactMap { boards[$0] }.first { $0.name.lowercased() == wanted }
    }

    /// The column of `board` named `name`, compared case-insensitively.
    public func column(named name: String, in board: Board) -> Column? {
        for id in board.columns {
            if let column = columns[id], column.name == name { return column }
        }
        let wanted = name.trimmingWhitespace().lowercased()
        return board.columns.lazy.compactMap { columns[$0] }.first { $0.name.lowercased() == wanted }
    }

    /// The order of `column`: maintained when indexed, otherwise sorted now.
    public func order(of column: ColumnID) -> ColumnOrder {
        if let order = orders?[column] { return order }
        return ColumnOrder(cards.values.lazy.filter { $0.column == column }.map(\.slot))
    }

    /// The live cards of `column`, first to last.
    public func cards(in column: ColumnID) -> [Card] {
        order(of: column).slots.compactMap { cards[$0.card] }
    }

    /// The number of live cards in `column`.
    public func cardCount(in column: ColumnID) -> Int {
        if let order = orders?[column] { return order.count }
        return cards.values.reduce(0) { $0 + ($1.column == column ? 1 : 0) }
    }

    /// The number of live cards on `board`.
    public func cardCount(on board: Board) -> Int {
        board.columns.reduce(0) { $0 + cardCount(in: $1) }
    }

    /// The live card on `board` whose id is `reference` or starts with it (case-insensitive).
    public func card(matching reference: String, on board: Board) throws(KanbanError) -> Card {
        // A whole id, as scripts and the workload pass: nothing to trim or lowercase.
        if let id = Identifier(reference) { return try card(CardID(id), named: reference, on: board) }
        let prefix = reference.trimmingWhitespace().lowercased()
        guard !prefix.isEmpty else { throw .unknownCard(reference) }
        if let id = Identifier(prefix) { return try card(CardID(id), named: reference, on: board) }
        var found: Card?
        var matches = 0
        for card in cards.values where card.id.description.hasPrefix(prefix) && columns[card.column]?.board == board.id {
            found = card
            matches += 1
        }
        guard let card = found else { throw .unknownCard(reference) }
        guard matches == 1 else { throw .ambiguousCard(reference, matches: matches) }
        return card
    }

    /// The live card `id` on `board`; else unknown, by the words it was asked for with.
    private func card(_ id: CardID, named reference: String, on board: Board) throws(KanbanError) -> Card {
        guard let card = cards[id], columns[card.column]?.board == board.id else { throw .unknownCard(reference) }
        return card
    }

    /// Whether `card` is overdue at `now` (whose local day is `today`): due in the past and
    /// not in its board's last column, and not marked done.
    public func isOverdue(_ card: Card, now: Timestamp, today: CalendarDay) -> Bool {
        guard card.due != nil, let column = columns[card.column], let board = boards[column.board] else { return false }
        return Self.isOverdue(due: card.due, mayBeOverdue: board.columns.last != card.column, dueDone: details[card.id]?.dueDone == true, now: now, today: today)
    }

    /// The overdue rule with the card's place and details already known: a card whose due date
    /// `due` has passed at `now` (local day `today`), in a column where cards may be overdue
    /// (any but its board's last), and not marked done.
    @inline(__always)
    static func isOverdue(due: Due?, mayBeOverdue: Bool, dueDone: Bool, now: Timestamp, today: CalendarDay) -> Bool {
        mayBeOverdue && due?.hasPassed(now: now, today: today) == true && !dueDone
    }
}
