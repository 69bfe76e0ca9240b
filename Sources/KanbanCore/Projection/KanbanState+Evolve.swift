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
        case .boardCreated(let created): createBoard(board, created)
        case .boardRenamed(let renamed): boards[board]?.name = renamed.to
        case .boardRemoved: removeBoard(board)
        case .columnAdded(let added): addColumn(added, to: board)
        case .columnRenamed(let renamed): columns[renamed.column]?.name = renamed.to
        case .columnRemoved(let removed): removeColumn(removed, from: board)
        case .columnMoved(let moved): moveColumn(moved.column.id, on: board, to: moved.toIndex)
        case .cardDetail(let changed): applyDetail(changed, at: at)
        case .boardDetail(let changed): applyBoardDetail(changed.edit, board: board)
        case .undone(let undone): apply(undone.compensation, board: board, at: at)
        case .redone(let redone): apply(redone.effect, board: board, at: at)
        case .restored(let restored): for effect in restored.effects { apply(effect, board: board, at: at) }
        }
    }
}
