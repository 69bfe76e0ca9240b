extension Decider {
    /// Where a card placed by its neighbours lands: the index (counted without `card`, which may
    /// be a card not made yet) just before the card `before`, or else just after the card
    /// `after`, in column `columnName` (default: the board's first) of board `boardName` as it
    /// stands in `state`. A neighbour is an id or a unique prefix of one; a neighbour that is
    /// not in that column now (moved away, deleted, never known) does not count, and with
    /// neither, the card goes to the end (`nil`). So a change made on an older copy of the board
    /// keeps its intent — "after this card" — when other changes landed first. Without
    /// neighbours, or on a board or column not there (yet), it is `nil` too: deciding the
    /// command itself says what is wrong.
    public static func index(
        before: String?,
        after: String?,
        placing card: String?,
        column columnName: String?,
        board boardName: String,
        in state: KanbanState
    ) -> Int? {
        guard before != nil || after != nil, let board = state.board(named: boardName),
              let column = columnName.map({ state.column(named: $0, in: board) }) ?? board.columns.first.flatMap({ state.columns[$0] })
        else { return nil }
        let placed = card.flatMap { try? state.card(matching: $0, on: board).id }
        let others = state.order(of: column.id).slots.lazy.map(\.card).filter { $0 != placed }
        func position(of reference: String?) -> Int? {
            guard let reference, let id = try? state.card(matching: reference, on: board).id, id != placed else { return nil }
            return others.firstIndex(of: id).map { others.distance(from: others.startIndex, to: $0) }
        }
        if let index = position(of: before) { return index }
        if let index = position(of: after) { return index + 1 }
        return nil
    }
}
