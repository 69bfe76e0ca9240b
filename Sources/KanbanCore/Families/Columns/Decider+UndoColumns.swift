/// Undoing columns added, renamed, moved and removed: each the payload that reverses
/// it as things stand, or the reason there is none (`refuse`; `columnGone` names a column
/// removed since).
extension Decider {
    static func undoColumnAdded(
        _ added: ColumnAdded, board: BoardID, in state: KanbanState, refuse: (String) -> KanbanError, columnGone: (ColumnID) -> KanbanError
    ) throws(KanbanError) -> EventPayload {
        guard let current = state.columns[added.column.id], let owner = state.boards[board] else {
            throw refuse("column '\(added.column.name)' no longer exists")
        }
        let cards = state.cardCount(in: current.id)
        if cards > 0 { throw refuse("column '\(current.name)' holds \(cards) card\(cards == 1 ? "" : "s")") }
        if owner.columns.count == 1 { throw refuse("board '\(owner.name)' must keep at least one column") }
        let index = owner.columns.firstIndex(of: current.id) ?? 0
        return .columnRemoved(ColumnRemoved(column: ColumnSpec(id: current.id, name: current.name), index: index))
    }

    static func undoColumnRenamed(
        _ renamed: ColumnRenamed, board: BoardID, in state: KanbanState, refuse: (String) -> KanbanError, columnGone: (ColumnID) -> KanbanError
    ) throws(KanbanError) -> EventPayload {
        guard let current = state.columns[renamed.column], let owner = state.boards[board] else {
            throw refuse("column '\(renamed.to)' no longer exists")
        }
        if let other = state.column(named: renamed.from, in: owner), other.id != current.id {
            throw refuse("board '\(owner.name)' has a column named '\(renamed.from)'")
        }
        return .columnRenamed(ColumnRenamed(column: current.id, from: current.name, to: renamed.from))
    }

    static func undoColumnMoved(
        _ moved: ColumnMoved, board: BoardID, in state: KanbanState, refuse: (String) -> KanbanError, columnGone: (ColumnID) -> KanbanError
    ) throws(KanbanError) -> EventPayload {
        guard let current = state.columns[moved.column.id], let owner = state.boards[board],
              let index = owner.columns.firstIndex(of: current.id)
        else { throw refuse("column '\(moved.column.name)' no longer exists") }
        let back = min(max(moved.fromIndex, 0), owner.columns.count - 1)
        return .columnMoved(ColumnMoved(column: ColumnSpec(id: current.id, name: current.name), fromIndex: index, toIndex: back))
    }

    static func undoColumnRemoved(
        _ removed: ColumnRemoved, board: BoardID, in state: KanbanState, refuse: (String) -> KanbanError, columnGone: (ColumnID) -> KanbanError
    ) throws(KanbanError) -> EventPayload {
        guard let owner = state.boards[board] else { throw refuse("the board no longer exists") }
        guard state.columns[removed.column.id] == nil else { throw refuse("column '\(removed.column.name)' exists") }
        if state.column(named: removed.column.name, in: owner) != nil {
            throw refuse("board '\(owner.name)' has a column named '\(removed.column.name)'")
        }
        return .columnAdded(ColumnAdded(column: removed.column, index: min(removed.index, owner.columns.count)))
    }
}
