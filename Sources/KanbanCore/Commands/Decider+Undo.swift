extension Decider {
    /// The event that undoes `target`, an entry of `actor`'s undo stack (the engine takes the
    /// newest one that can be undone), as things stand in `state`.
    ///
    /// An undo that cannot apply at all, forced or not (a card deleted since, a column removed
    /// since, a board that still holds cards, a name taken since), throws
    /// ``KanbanError/cannotUndo(action:reason:)``. Otherwise, the rule when others have worked
    /// since (as Yjs refuses to undo a key someone else overwrote): if another actor changed any
    /// of the same fields of the same card after `target` (`later` holds the events after it),
    /// the undo is refused with ``KanbanError/undoConflict(action:actor:sequence:change:)``
    /// naming that change, unless `force` is set; so a conflict is reported only where `force`
    /// would work. Adding and deleting count as changing every field; moving changes the
    /// position. Columns removed since are named by their names in `removedColumns`.
    public static func undo(
        _ target: RecordedEvent,
        actor: String,
        later: [RecordedEvent],
        force: Bool,
        removedColumns: RemovedColumnNames = RemovedColumnNames(),
        in state: KanbanState
    ) throws(KanbanError) -> BoardEvent {
        let names = ColumnNaming(state: state, removed: removedColumns)
        let effect = target.payload.effect
        let compensation = try inverse(of: effect, board: target.board, action: "undo", naming: names, in: state)
        if !force { try checkConflicts(of: effect, action: "undo", actor: actor, later: later, naming: names) }
        return BoardEvent(
            board: target.board,
            payload: .undone(Undone(target: target.sequence, undid: effect, compensation: compensation))
        )
    }

    /// The event that redoes `undoEvent`, an entry of `actor`'s redo stack: the undo reversed,
    /// so the values and places the undo replaced come back (Figma builds the redo entry at undo
    /// time), and undo then redo leaves the board as it was, even after a forced undo. The same
    /// conflict rule as ``undo(_:actor:later:force:removedColumns:in:)`` applies to changes made by others
    /// since the undo.
    public static func redo(
        _ undoEvent: RecordedEvent,
        actor: String,
        later: [RecordedEvent],
        force: Bool,
        removedColumns: RemovedColumnNames = RemovedColumnNames(),
        in state: KanbanState
    ) throws(KanbanError) -> BoardEvent {
        let names = ColumnNaming(state: state, removed: removedColumns)
        guard case .undone(let undone) = undoEvent.payload else {
            throw .cannotUndo(action: "redo", reason: "event #\(undoEvent.sequence) is not an undo")
        }
        let effect = try inverse(of: undone.compensation, board: undoEvent.board, action: "redo", naming: names, in: state)
        if !force { try checkConflicts(of: undone.compensation, action: "redo", actor: actor, later: later, naming: names) }
        return BoardEvent(
            board: undoEvent.board,
            payload: .redone(Redone(target: undoEvent.sequence, redid: undone.undid, effect: effect))
        )
    }

    private static func checkConflicts(
        of effect: EventPayload,
        action: String,
        actor: String,
        later: [RecordedEvent],
        naming names: ColumnNaming
    ) throws(KanbanError) {
        guard let card = effect.card else { return }
        let mine = ChangedFields(of: effect)
        for event in later where event.actor != actor {
            if !ChangedFields(of: event.payload, on: card).isDisjoint(with: mine) {
                throw .undoConflict(action: action, actor: event.actor, sequence: event.sequence, change: summary(of: event.payload, naming: names))
            }
        }
    }

    /// A short English phrase for a conflicting change, such as "moved 'Fix login' to DONE".
    private static func summary(of payload: EventPayload, naming names: ColumnNaming) -> String {
        func name(_ column: ColumnID) -> String { names[column] ?? "a removed column" }
        switch payload.effect {
        case .restored(let restored): return "restored the board to #\(restored.sequence)"
        case .cardAdded(let added): return "added '\(added.card.title)' again"
        case .cardDeleted(let deleted): return "deleted '\(deleted.card.title)'"
        case .cardRevived(let revived): return "brought back '\(revived.card.title)'"
        case .cardMoved(let moved): return "moved '\(moved.title)' to \(name(moved.to))"
        case .cardDetail(let changed): return "changed '\(changed.title)' (\(changed.edit.kind.name))"
        case .cardEdited(let edited):
            var fields: [String] = []
            if edited.titleChange != nil { fields.append("title") }
            if edited.descriptionChange != nil { fields.append("description") }
            if edited.dueChange != nil { fields.append("due date") }
            return "edited '\(edited.title)' (\(fields.joined(separator: ", ")))"
        default: return "changed it"
        }
    }

    /// The payload that reverses `effect` in `state`; `names` names the columns it cannot find.
    static func inverse(of effect: EventPayload, board: BoardID, action: String, naming names: ColumnNaming, in state: KanbanState) throws(KanbanError) -> EventPayload {
        func refuse(_ reason: String) -> KanbanError { .cannotUndo(action: action, reason: reason) }
        func removed(_ column: ColumnID) -> KanbanError {
            refuse(names[column].map { "column '\($0)' was removed" } ?? "its column was removed")
        }

        switch effect {
        case .cardAdded(let added): return try undoCardAdded(added, board: board, in: state, refuse: refuse, columnGone: removed)
        case .cardRevived(let revived): return try undoCardRevived(revived, board: board, in: state, refuse: refuse, columnGone: removed)
        case .cardDeleted(let deleted): return try undoCardDeleted(deleted, board: board, in: state, refuse: refuse, columnGone: removed)
        case .cardEdited(let edited): return try undoCardEdited(edited, board: board, in: state, refuse: refuse, columnGone: removed)
        case .cardMoved(let moved): return try undoCardMoved(moved, board: board, in: state, refuse: refuse, columnGone: removed)
        case .boardCreated(let created): return try undoBoardCreated(created, board: board, in: state, refuse: refuse, columnGone: removed)
        case .boardRenamed(let renamed): return try undoBoardRenamed(renamed, board: board, in: state, refuse: refuse, columnGone: removed)
        case .boardRemoved(let event): return try undoBoardRemoved(event, board: board, in: state, refuse: refuse, columnGone: removed)
        case .columnAdded(let added): return try undoColumnAdded(added, board: board, in: state, refuse: refuse, columnGone: removed)
        case .columnRenamed(let renamed): return try undoColumnRenamed(renamed, board: board, in: state, refuse: refuse, columnGone: removed)
        case .columnMoved(let moved): return try undoColumnMoved(moved, board: board, in: state, refuse: refuse, columnGone: removed)
        case .columnRemoved(let event): return try undoColumnRemoved(event, board: board, in: state, refuse: refuse, columnGone: removed)
        case .cardDetail(let changed):
            return try inverse(ofDetail: changed, action: action, in: state)

        case .boardDetail(let changed):
            return try inverse(ofBoardDetail: changed.edit, board: board, action: action, in: state)

        case .undone, .redone:
            return try inverse(of: effect.effect, board: board, action: action, naming: names, in: state)

        case .restored(let restored):
            // Each change reversed, last first, each against the state the later ones leave.
            var scratch = state
            var inverses: [EventPayload] = []
            for change in restored.effects.reversed() {
                let reversed = try inverse(of: change, board: board, action: action, naming: ColumnNaming(state: scratch, removed: names.removed), in: scratch)
                scratch.apply(reversed, board: board)
                inverses.append(reversed)
            }
            return .restored(Restored(sequence: restored.sequence, timestamp: restored.timestamp, effects: inverses))
        }
    }

    /// Where a card returns to: index `wanted` of `column` (counted without the card), or its
    /// end when the column has since become shorter.
    static func placement(for card: CardID, in column: Column, near wanted: Int, state: KanbanState) -> (OrderKey, Int) {
        let order = state.order(of: column.id)
        let own = state.cards[card].flatMap { $0.column == column.id ? order.index(of: $0.slot) : nil }
        let count = order.count - (own == nil ? 0 : 1)
        let index = min(max(wanted, 0), count)
        // `place` cannot fail for an index in range.
        return (try? place(card, in: column, at: index, state: state)) ?? (OrderKey.between(nil, nil), index)
    }
}
