/// How board events change the state (evolve).
extension KanbanState {
    /// Makes `board` as `created` says, with those of its columns whose ids are not taken (none
    /// at all when no column is left, or when the board exists).
    mutating func createBoard(_ board: BoardID, _ created: BoardCreated) {
        guard boards[board] == nil else { return }
        var fresh: [ColumnSpec] = []
        for column in created.columns where columns[column.id] == nil && !fresh.contains(where: { $0.id == column.id }) {
            fresh.append(column)
        }
        guard !fresh.isEmpty else { return }
        boards[board] = Board(id: board, name: created.name, columns: fresh.map(\.id))
        boardOrder.insert(board, at: min(max(created.index ?? boardOrder.count, 0), boardOrder.count))
        boardsCreated += 1
        for column in fresh {
            columns[column.id] = Column(id: column.id, board: board, name: column.name)
            orders?[column.id] = ColumnOrder()
        }
    }

    /// Removes `board` and its columns.
    mutating func removeBoard(_ board: BoardID) {
        guard let removed = boards.removeValue(forKey: board) else { return }
        boardOrder.removeAll { $0 == board }
        for column in removed.columns { removeColumn(column) }
    }
}
