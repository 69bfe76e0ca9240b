extension KanbanState {
    /// Calls `body` with `board` laid out at `now`, whose local day is `today`, where the cards
    /// lie: the same columns, cards, order and overdue marks as ``view(of:now:today:)``, with
    /// no copy of the cards. The state is used up; `keep`, when given, is handed it afterwards
    /// (a short-lived process keeps it until it exits rather than free it card by card).
    public consuming func withLaidOut<Result>(
        _ board: Board, now: Timestamp, today: CalendarDay,
        keep: (consuming KanbanState) -> Void = { _ in },
        _ body: (LaidOutBoard) throws -> Result
    ) rethrows -> Result {
        let positions = positionsByColumn(of: board)
        let lastColumn = board.columns.last
        let boardDetails = details(ofBoard: board.id)
        let columnList = board.columns.enumerated().compactMap { number, columnID -> LaidOutBoard.Column? in
            guard let column = columns[columnID] else { return nil }
            let limit = boardDetails.limit(of: columnID)
            return LaidOutBoard.Column(
                id: column.id, name: column.name, limit: limit?.cards, isStrict: limit?.isStrict ?? false,
                positions: positions[number], mayBeOverdue: columnID != lastColumn
            )
        }
        let cardDetails = details.isEmpty ? nil : details
        let result = try cards.withUnsafeMutableCards { cards in
            try body(LaidOutBoard(
                board: board, details: boardDetails, columns: columnList, cards: cards,
                cardDetails: cardDetails, now: now, today: today
            ))
        }
        keep(self)
        return result
    }
}
