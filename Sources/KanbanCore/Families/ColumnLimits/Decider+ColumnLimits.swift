/// Setting, changing and lifting a column's work in progress limit: deciding, undoing,
/// restoring.
extension Decider {
    /// The event setting the limit of column `columnName` of board `boardName` to `limit`.
    static func decideColumnLimit(_ limit: ColumnLimit?, board boardName: String, column columnName: String, in state: KanbanState) throws(KanbanError) -> [BoardEvent] {
        let board = try board(boardName, in: state)
        let column = try column(columnName, of: board, in: state)
        if let cards = limit?.cards, !Limits.columnLimits.contains(cards) {
            throw .invalidDetail("a column's limit is \(Limits.columnLimits.lowerBound)–\(Limits.columnLimits.upperBound) cards; \(cards) is not")
        }
        let current = state.details(ofBoard: board.id).limit(of: column.id)
        guard current != limit else { return [] }
        return boardDetailEvent(board, .columnLimited(ColumnSpec(id: column.id, name: column.name), Change(old: current, new: limit)))
    }

    /// The column's limit of now goes back to the one before, if the column is still the board's.
    static func undoColumnLimit(
        _ column: ColumnSpec, _ change: Change<ColumnLimit?>, board: BoardID, details: BoardDetails, in state: KanbanState, refuse: (String) -> KanbanError
    ) throws(KanbanError) -> BoardDetailEdit {
        guard let current = state.columns[column.id], current.board == board else { throw refuse("column '\(column.name)' was removed") }
        return .columnLimited(ColumnSpec(id: current.id, name: current.name), Change(old: details.limit(of: current.id), new: change.old))
    }

    /// For a restore: the limits of then for `columns`, the board's columns now (a column made
    /// since had none then, so its limit is lifted).
    static func restoreColumnLimits(of columns: [ColumnSpec], from start: BoardDetails, to target: BoardDetails, emit: (BoardDetailEdit) -> Void) {
        for column in columns {
            let (now, then) = (start.limit(of: column.id), target.limit(of: column.id))
            if now != then { emit(.columnLimited(column, Change(old: now, new: then))) }
        }
    }
}
