extension KanbanState {
    /// Applies one event from the log.
    public mutating func apply(_ event: RecordedEvent) {
        apply(event.payload, board: event.board)
        lastSequence = event.sequence
    }

    /// Applies a payload for `board`. Events are facts: one that refers to something no
    /// longer there (which decide never produces) changes nothing rather than failing.
    public mutating func apply(_ payload: EventPayload, board: BoardID) {
        switch payload {
        case .cardMoved(let moved): applyMove(moved)
        case .cardEdited(let edited): applyEdit(edited)
        case .cardAdded(let added): insert(added.card)
        case .cardDeleted(let deleted): remove(deleted.card.id)
        case .boardCreated(let created):
            guard boards[board] == nil else { return }
            boards[board] = Board(id: board, name: created.name, columns: created.columns.map(\.id))
            boardOrder.append(board)
            boardsCreated += 1
            for column in created.columns {
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
            boards[board]?.columns.removeAll { $0 == removed.column.id }
            removeColumn(removed.column.id)
        }
    }

    private mutating func applyMove(_ moved: CardMoved) {
        guard let card = cards[moved.card] else { return }
        let oldSlot = card.slot
        let oldColumn = card.column
        if oldColumn != moved.to {
            columns[oldColumn]?.cardCount -= 1
            columns[moved.to]?.cardCount += 1
        }
        cards[moved.card]!.column = moved.to
        cards[moved.card]!.key = moved.key
        if orders != nil {
            orders![oldColumn]?.remove(oldSlot)
            orders![moved.to]?.insert(OrderedSlot(key: moved.key, card: moved.card))
        }
    }

    private mutating func applyEdit(_ edited: CardEdited) {
        guard cards[edited.card] != nil else { return }
        if let change = edited.titleChange { cards[edited.card]!.title = change.new }
        if let change = edited.descriptionChange { cards[edited.card]!.description = change.new }
        if let change = edited.dueChange { cards[edited.card]!.due = change.new }
    }

    private mutating func insert(_ card: Card) {
        guard cards[card.id] == nil, columns[card.column] != nil else { return }
        cards[card.id] = card
        columns[card.column]!.cardCount += 1
        orders?[card.column]?.insert(card.slot)
    }

    private mutating func remove(_ id: CardID) {
        guard let card = cards.removeValue(forKey: id) else { return }
        columns[card.column]?.cardCount -= 1
        orders?[card.column]?.remove(card.slot)
    }

    private mutating func removeColumn(_ id: ColumnID) {
        columns.removeValue(forKey: id)
        orders?.removeValue(forKey: id)
    }
}
