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
        case .cardAdded(let added):
            guard let card = state.cards[added.card.id] else { throw refuse("card '\(added.card.title)' no longer exists") }
            let index = state.order(of: card.column).index(of: card.slot) ?? 0
            return .cardDeleted(CardDeleted(card: card, index: index))

        case .cardRevived(let revived):
            guard let card = state.cards[revived.card.id] else { throw refuse("card '\(revived.card.title)' no longer exists") }
            let index = state.order(of: card.column).index(of: card.slot) ?? 0
            return .cardDeleted(CardDeleted(card: card, index: index))

        case .cardDeleted(let deleted):
            guard state.cards[deleted.card.id] == nil else { throw refuse("card '\(deleted.card.title)' exists already") }
            guard let column = state.columns[deleted.card.column] else { throw removed(deleted.card.column) }
            let (key, index) = placement(for: deleted.card.id, in: column, near: deleted.index, state: state)
            var card = deleted.card
            card.key = key
            return .cardAdded(CardAdded(card: card, index: index))

        case .cardEdited(let edited):
            guard let card = state.cards[edited.card] else { throw refuse("card '\(edited.title)' no longer exists") }
            var reversed = CardEdited(card: card.id, title: card.title)
            if let change = edited.titleChange {
                reversed.titleChange = Change(old: card.title, new: change.old)
                reversed.title = change.old
            }
            if let change = edited.descriptionChange { reversed.descriptionChange = Change(old: card.description, new: change.old) }
            if let change = edited.dueChange { reversed.dueChange = Change(old: card.due, new: change.old) }
            return .cardEdited(reversed)

        case .cardMoved(let moved):
            guard let card = state.cards[moved.card] else { throw refuse("card '\(moved.title)' no longer exists") }
            guard let column = state.columns[moved.from] else { throw removed(moved.from) }
            let fromIndex = state.order(of: card.column).index(of: card.slot) ?? 0
            let (key, index) = placement(for: card.id, in: column, near: moved.fromIndex, state: state)
            return .cardMoved(CardMoved(
                card: card.id, title: card.title, from: card.column, fromIndex: fromIndex, to: column.id, toIndex: index, key: key
            ))

        case .boardCreated(let created):
            guard let current = state.boards[board] else { throw refuse("board '\(created.name)' no longer exists") }
            let cards = state.cardCount(on: current)
            if cards > 0 { throw refuse("board '\(current.name)' holds \(cards) card\(cards == 1 ? "" : "s")") }
            let specs = current.columns.compactMap { state.columns[$0] }.map { ColumnSpec(id: $0.id, name: $0.name) }
            return .boardRemoved(BoardRemoved(name: current.name, columns: specs, index: state.boardOrder.firstIndex(of: board)))

        case .boardRenamed(let renamed):
            guard let current = state.boards[board] else { throw refuse("board '\(renamed.to)' no longer exists") }
            if let other = state.board(named: renamed.from), other.id != board { throw refuse("a board named '\(renamed.from)' exists") }
            return .boardRenamed(BoardRenamed(from: current.name, to: renamed.from))

        case .boardRemoved(let removed):
            guard state.boards[board] == nil else { throw refuse("board '\(removed.name)' exists") }
            if state.board(named: removed.name) != nil { throw refuse("a board named '\(removed.name)' exists") }
            return .boardCreated(BoardCreated(name: removed.name, columns: removed.columns, index: removed.index))

        case .columnAdded(let added):
            guard let current = state.columns[added.column.id], let owner = state.boards[board] else {
                throw refuse("column '\(added.column.name)' no longer exists")
            }
            let cards = state.cardCount(in: current.id)
            if cards > 0 { throw refuse("column '\(current.name)' holds \(cards) card\(cards == 1 ? "" : "s")") }
            if owner.columns.count == 1 { throw refuse("board '\(owner.name)' must keep at least one column") }
            let index = owner.columns.firstIndex(of: current.id) ?? 0
            return .columnRemoved(ColumnRemoved(column: ColumnSpec(id: current.id, name: current.name), index: index))

        case .columnRenamed(let renamed):
            guard let current = state.columns[renamed.column], let owner = state.boards[board] else {
                throw refuse("column '\(renamed.to)' no longer exists")
            }
            if let other = state.column(named: renamed.from, in: owner), other.id != current.id {
                throw refuse("board '\(owner.name)' has a column named '\(renamed.from)'")
            }
            return .columnRenamed(ColumnRenamed(column: current.id, from: current.name, to: renamed.from))

        case .columnMoved(let moved):
            guard let current = state.columns[moved.column.id], let owner = state.boards[board],
                  let index = owner.columns.firstIndex(of: current.id)
            else { throw refuse("column '\(moved.column.name)' no longer exists") }
            let back = min(max(moved.fromIndex, 0), owner.columns.count - 1)
            return .columnMoved(ColumnMoved(column: ColumnSpec(id: current.id, name: current.name), fromIndex: index, toIndex: back))

        case .columnRemoved(let removed):
            guard let owner = state.boards[board] else { throw refuse("the board no longer exists") }
            guard state.columns[removed.column.id] == nil else { throw refuse("column '\(removed.column.name)' exists") }
            if state.column(named: removed.column.name, in: owner) != nil {
                throw refuse("board '\(owner.name)' has a column named '\(removed.column.name)'")
            }
            return .columnAdded(ColumnAdded(column: removed.column, index: min(removed.index, owner.columns.count)))

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
    private static func placement(for card: CardID, in column: Column, near wanted: Int, state: KanbanState) -> (OrderKey, Int) {
        let order = state.order(of: column.id)
        let own = state.cards[card].flatMap { $0.column == column.id ? order.index(of: $0.slot) : nil }
        let count = order.count - (own == nil ? 0 : 1)
        let index = min(max(wanted, 0), count)
        // `place` cannot fail for an index in range.
        return (try? place(card, in: column, at: index, state: state)) ?? (OrderKey.between(nil, nil), index)
    }
}
