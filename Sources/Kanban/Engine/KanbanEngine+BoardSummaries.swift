import KanbanCore

extension KanbanEngine {
    /// Every board in order with its columns and how many cards each holds (`kanban boards`,
    /// `GET /api/boards`); on a log with no board yet, the default board as it will be made.
    /// With `principal`, only the boards they may read.
    public func boardSummaries(for principal: Principal? = nil) throws -> [BoardSummaryOutput] {
        try withState { state in
            if DefaultBoard.isPending(in: state) {
                return [BoardSummaryOutput(name: DefaultBoard.name, columns: DefaultBoard.columns.map { ColumnSummaryOutput(name: $0, cards: 0) })]
            }
            let readable = principal.map { state.readableBoards(as: $0) } ?? state.boardOrder
            return readable.compactMap { state.boards[$0] }.map { board in
                BoardSummaryOutput(
                    name: board.name,
                    columns: board.columns.compactMap { state.columns[$0] }.map { ColumnSummaryOutput(name: $0.name, cards: state.cardCount(in: $0.id)) }
                )
            }
        }
    }
}
