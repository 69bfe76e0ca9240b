/// How column events change the state (evolve).
extension KanbanState {
    /// Adds the column of `added` to `board` at its index (clamped), unless the board is gone
    /// or the column's id is taken.
    mutating func addColumn(_ added: ColumnAdded, to board: BoardID) {
        guard boards[board] != nil, columns[added.column.id] == nil else { return }
        columns[added.column.id] = Column(id: added.column.id, board: board, name: added.column.name)
        orders?[added.column.id] = ColumnOrder()
        let index = min(max(added.index, 0), boards[board]!.columns.count)
        boards[board]!.columns.insert(added.column.id, at: index)
    }

    /// Removes the column of `removed` from `board`: never another board's column, nor a
    /// board's last one.
    mutating func removeColumn(_ removed: ColumnRemoved, from board: BoardID) {
        guard let owner = boards[board], owner.columns.count > 1, columns[removed.column.id]?.board == board else { return }
        boards[board]?.columns.removeAll { $0 == removed.column.id }
        removeColumn(removed.column.id)
    }

    /// Puts `column` of `board` at `index` of its list (clamped); nothing when it is not there.
    mutating func moveColumn(_ column: ColumnID, on board: BoardID, to index: Int) {
        guard var columns = boards[board]?.columns, let current = columns.firstIndex(of: column) else { return }
        columns.remove(at: current)
        columns.insert(column, at: min(max(index, 0), columns.count))
        boards[board]!.columns = columns
    }

    /// Forgets column `id` and its order.
    mutating func removeColumn(_ id: ColumnID) {
        columns.removeValue(forKey: id)
        orders?.removeValue(forKey: id)
    }
}
