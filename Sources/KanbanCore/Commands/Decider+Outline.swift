extension Decider {
    /// The event that adds a card at the end of `columnName` (default: the board's first) of
    /// `boardName`, decided on `outline` alone: the same event ``decide(_:in:ids:)`` decides for
    /// ``Command/addCard(board:title:description:due:column:index:)`` with no index, on the state
    /// the outline was made of, with the same ids. A log with no board yet has no outline
    /// worth the name: its first add makes the default board, which needs the whole decision.
    public static func addCard(
        board boardName: String,
        title: String,
        description: String,
        due: Due?,
        column columnName: String?,
        in outline: BoardOutline,
        ids: inout some RandomNumberGenerator
    ) throws(KanbanError) -> BoardEvent {
        let state = outline.boards
        guard !DefaultBoard.isPending(in: state) else { throw .needsHistory("adding to a log with no board yet") }
        let board = try board(boardName, in: state)
        let column = if let columnName { try self.column(columnName, of: board, in: state) } else { try firstColumn(of: board, in: state) }
        let id = CardID.random(using: &ids)
        let (title, description) = (try Limits.checkedTitle(title), try Limits.checkedDescription(description))
        let end = outline.end(of: column.id)
        if let limit = outline.strictLimits[column.id], end.count >= limit { throw .columnFull(column.name, limit: limit) }
        return cardAdded(id, board: board, column: column, key: OrderKey.between(end.lastKey, nil), index: end.count, title: title, description: description, due: due)
    }
}
