extension Decider {
    /// The event that makes board `name` in `live` equal to the same board in `past` (the state
    /// after event `sequence`, at `timestamp`): columns re-made and renamed back, cards added
    /// since removed, cards deleted since re-added with their original ids, edits reverted,
    /// cards moved back to their old places (their old order keys), the details of the cards
    /// then on the board (assignees, labels, due mark, checklist, comments, links) and of the
    /// board (members, labels, column limits) set back, columns put back in their old order.
    /// `nil` when nothing differs. No column limit refuses it: it puts back what was.
    public static func restore(
        board name: String,
        to past: KanbanState,
        sequence: UInt64,
        timestamp: Timestamp,
        in live: KanbanState
    ) throws(KanbanError) -> BoardEvent? {
        guard let board = live.board(named: name) else { throw .unknownBoard(name) }
        guard let then = past.boards[board.id] else {
            throw .cannotRestore("board '\(board.name)' did not exist after #\(sequence)")
        }
        var scratch = live
        scratch.buildOrderIndex()
        var effects: [EventPayload] = []
        func emit(_ effect: EventPayload) {
            scratch.apply(effect, board: board.id)
            effects.append(effect)
        }
        func index(of card: CardID) -> Int {
            guard let current = scratch.cards[card] else { return 0 }
            return scratch.order(of: current.column).index(of: current.slot) ?? 0
        }

        if board.name != then.name {
            if let other = live.board(named: then.name), other.id != board.id {
                throw .cannotRestore("another board is named '\(then.name)' now")
            }
            emit(.boardRenamed(BoardRenamed(from: board.name, to: then.name)))
        }
        // Columns removed since come back where they were; renamed ones get their names back.
        for (position, id) in then.columns.enumerated() {
            guard let column = past.columns[id] else { continue }
            if scratch.columns[id] == nil {
                let count = scratch.boards[board.id]?.columns.count ?? 0
                emit(.columnAdded(ColumnAdded(column: ColumnSpec(id: id, name: column.name), index: min(position, count))))
            } else if let current = scratch.columns[id], current.name != column.name {
                emit(.columnRenamed(ColumnRenamed(column: id, from: current.name, to: column.name)))
            }
        }
        // Cards that were not on the board then go.
        for columnID in scratch.boards[board.id]?.columns ?? [] {
            for card in scratch.cards(in: columnID) where past.cards[card.id].flatMap({ past.columns[$0.column]?.board }) != board.id {
                emit(.cardDeleted(CardDeleted(card: card, index: index(of: card.id))))
            }
        }
        // Cards of then come back, are edited back, and move back to their old keys.
        for columnID in then.columns {
            for card in past.cards(in: columnID) {
                guard let current = scratch.cards[card.id] else {
                    emit(.cardAdded(CardAdded(card: card, index: 0)))
                    if case .cardAdded(var added) = effects.removeLast() {
                        added.index = index(of: card.id)
                        effects.append(.cardAdded(added))
                    }
                    continue
                }
                var edit = CardEdited(card: card.id, title: card.title)
                if current.title != card.title { edit.titleChange = Change(old: current.title, new: card.title) }
                if current.description != card.description {
                    edit.descriptionChange = Change(old: current.description, new: card.description)
                }
                if current.due != card.due { edit.dueChange = Change(old: current.due, new: card.due) }
                if edit.titleChange != nil || edit.descriptionChange != nil || edit.dueChange != nil {
                    emit(.cardEdited(edit))
                }
                if current.column != card.column || current.key != card.key {
                    let fromIndex = index(of: card.id)
                    var moved = CardMoved(
                        card: card.id, title: card.title, from: current.column, fromIndex: fromIndex,
                        to: card.column, toIndex: 0, key: card.key
                    )
                    scratch.apply(.cardMoved(moved), board: board.id)
                    moved.toIndex = index(of: card.id)
                    effects.append(.cardMoved(moved))
                }
            }
        }
        // The details of the cards of then, and the board's, as they were; a column made since
        // loses its limit before it goes.
        for columnID in then.columns {
            for card in past.cards(in: columnID) {
                effects += restoreDetails(of: card.id, title: card.title, to: past.details(of: card.id), board: board.id, in: &scratch)
            }
        }
        effects += restoreBoardDetails(of: board.id, to: past.details(ofBoard: board.id), in: &scratch)
        // Columns made since, now empty, go.
        for id in scratch.boards[board.id]?.columns ?? [] where !then.columns.contains(id) {
            guard let column = scratch.columns[id], let position = scratch.boards[board.id]?.columns.firstIndex(of: id) else { continue }
            emit(.columnRemoved(ColumnRemoved(column: ColumnSpec(id: id, name: column.name), index: position)))
        }
        // Columns moved since go back to their places (the same columns are there by now).
        for (position, id) in then.columns.enumerated() {
            guard let current = scratch.boards[board.id]?.columns, position < current.count,
                  let at = current.firstIndex(of: id), at != position, let column = scratch.columns[id]
            else { continue }
            emit(.columnMoved(ColumnMoved(column: ColumnSpec(id: id, name: column.name), fromIndex: at, toIndex: position)))
        }
        guard !effects.isEmpty else { return nil }
        return BoardEvent(board: board.id, payload: .restored(Restored(sequence: sequence, timestamp: timestamp, effects: effects)))
    }
}
