/// Undoing boards made, renamed and removed: each the payload that reverses
/// it as things stand, or the reason there is none (`refuse`; `columnGone` names a column
/// removed since).
extension Decider {
    static func undoBoardCreated(
        _ created: BoardCreated, board: BoardID, in state: KanbanState, refuse: (String) -> KanbanError, columnGone: (ColumnID) -> KanbanError
    ) throws(KanbanError) -> EventPayload {
        guard let current = state.boards[board] else { throw refuse("board '\(created.name)' no longer exists") }
        let cards = state.cardCount(on: current)
        if cards > 0 { throw refuse("board '\(current.name)' holds \(cards) card\(cards == 1 ? "" : "s")") }
        let specs = current.columns.compactMap { state.columns[$0] }.map { ColumnSpec(id: $0.id, name: $0.name) }
        return .boardRemoved(BoardRemoved(name: current.name, columns: specs, index: state.boardOrder.firstIndex(of: board)))
    }

    static func undoBoardRenamed(
        _ renamed: BoardRenamed, board: BoardID, in state: KanbanState, refuse: (String) -> KanbanError, columnGone: (ColumnID) -> KanbanError
    ) throws(KanbanError) -> EventPayload {
        guard let current = state.boards[board] else { throw refuse("board '\(renamed.to)' no longer exists") }
        if let other = state.board(named: renamed.from), other.id != board { throw refuse("a board named '\(renamed.from)' exists") }
        return .boardRenamed(BoardRenamed(from: current.name, to: renamed.from))
    }

    static func undoBoardRemoved(
        _ removed: BoardRemoved, board: BoardID, in state: KanbanState, refuse: (String) -> KanbanError, columnGone: (ColumnID) -> KanbanError
    ) throws(KanbanError) -> EventPayload {
        guard state.boards[board] == nil else { throw refuse("board '\(removed.name)' exists") }
        if state.board(named: removed.name) != nil { throw refuse("a board named '\(removed.name)' exists") }
        return .boardCreated(BoardCreated(name: removed.name, columns: removed.columns, index: removed.index))
    }
}
