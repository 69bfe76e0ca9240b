extension KanbanState {
    /// Applies one event from the log.
    public mutating func apply(_ event: RecordedEvent) {
        let isEnginesOwn = UndoStacks.isEnginesOwn(event, boardsCreatedBefore: boardsCreated)
        apply(event.payload, board: event.board, at: event.happenedAt ?? event.timestamp)
        if !isEnginesOwn { undoStacks.record(event) }
        lastSequence = event.sequence
    }

    /// Applies a payload for `board`. Events are facts: one that refers to something no
    /// longer there (which decide never produces) changes nothing rather than failing.
    ///
    /// Whatever the log holds, every board keeps at least one column, and every column a board
    /// lists exists and belongs to that board (once): `decide` relies on it. So a board event
    /// reusing the ids of columns that exist skips them (and makes no board when none is left),
    /// and removing another board's column, or a board's last one, changes nothing.
    /// `at` is when the event happened: the time a comment it writes keeps, and the time a
    /// comment edited now is marked edited at.
    public mutating func apply(_ payload: EventPayload, board: BoardID, at: Timestamp? = nil) {
        switch payload {
        case .cardMoved(let moved): moveCard(moved.card, to: moved.to, key: moved.key)
        case .cardEdited(let edited):
            editCard(edited.card, title: edited.titleChange?.new, description: edited.descriptionChange?.new, due: edited.dueChange.map(\.new))
        case .cardAdded(let added): insertCard(added.card)
        case .cardRevived(let revived): insertCard(revived.card)
        case .cardDeleted(let deleted): removeCard(deleted.card.id)
        case .boardCreated(let created):
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
        case .boardRenamed(let renamed):
            boards[board]?.name = renamed.to
        case .boardRemoved:
            guard let removed = boards.removeValue(forKey: board) else { return }
            boardOrder.removeAll { $0 == board }
            for column in removed.columns { removeColumn(column) }
        case .columnAdded(let added):
            guard boards[board] != nil, columns[added.column.id] == nil else { return }
            columns[added.column.id] = Column(id: added.column.id, board: board, name: added.column.name)
            orders?[added.column.id] = ColumnOrder()
            let index = min(max(added.index, 0), boards[board]!.columns.count)
            boards[board]!.columns.insert(added.column.id, at: index)
        case .columnRenamed(let renamed):
            columns[renamed.column]?.name = renamed.to
        case .columnRemoved(let removed):
            guard let owner = boards[board], owner.columns.count > 1, columns[removed.column.id]?.board == board else { return }
            boards[board]?.columns.removeAll { $0 == removed.column.id }
            removeColumn(removed.column.id)
        case .columnMoved(let moved):
            moveColumn(moved.column.id, on: board, to: moved.toIndex)
        case .cardDetail(let changed):
            applyDetail(changed, at: at)
        case .boardDetail(let changed):
            applyBoardDetail(changed.edit, board: board)
        case .undone(let undone):
            apply(undone.compensation, board: board, at: at)
        case .redone(let redone):
            apply(redone.effect, board: board, at: at)
        case .restored(let restored):
            for effect in restored.effects { apply(effect, board: board, at: at) }
        }
    }

    // The card operations below are shared by `apply` and the replay fast path
    // (`apply(encoded:sequence:)`), so both fold to the same state. Each looks the card up once.

    mutating func moveCard(_ id: CardID, to column: ColumnID, key: OrderKey) {
        guard let index = cards.index(forKey: id) else { return }
        if orders != nil {
            let card = cards.values[index]
            orders![card.column]?.remove(card.slot)
            orders![column]?.insert(OrderedSlot(key: key, card: id))
        }
        cards.update(at: index) { card in
            card.column = column
            card.key = key
        }
    }

    mutating func editCard(_ id: CardID, title: String?, description: String?, due: Due??) {
        guard let index = cards.index(forKey: id) else { return }
        cards.update(at: index) { card in
            if let title { card.title = title }
            if let description { card.description = description }
            if let due { card.due = due }
        }
    }

    mutating func insertCard(_ card: consuming Card) {
        let (found, slot) = cards.find(card.id)
        guard found == nil, columns[card.column] != nil else { return }
        if orders != nil { orders![card.column]?.insert(card.slot) }
        cards.insertNew(card, at: slot)
    }

    mutating func removeCard(_ id: CardID) {
        guard let card = cards.removeValue(forKey: id) else { return }
        orders?[card.column]?.remove(card.slot)
    }

    /// Puts `column` of `board` at `index` of its list (clamped); nothing when it is not there.
    private mutating func moveColumn(_ column: ColumnID, on board: BoardID, to index: Int) {
        guard var columns = boards[board]?.columns, let current = columns.firstIndex(of: column) else { return }
        columns.remove(at: current)
        columns.insert(column, at: min(max(index, 0), columns.count))
        boards[board]!.columns = columns
    }

    private mutating func removeColumn(_ id: ColumnID) {
        columns.removeValue(forKey: id)
        orders?.removeValue(forKey: id)
    }
}
