import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// The event undoing the top of `actor`'s undo stack, read from the log inside `transaction`.
    func decideUndo(actor: String, force: Bool, state: KanbanState, in transaction: some Transaction) throws -> BoardEvent {
        guard let sequence = state.undoStacks.undoStack(for: actor).last,
              let target = try log.event(at: sequence, in: transaction)
        else { throw KanbanError.nothingToUndo(actor: actor) }
        let later = try events(after: sequence, concerning: target.payload.card, in: transaction)
        return try Decider.undo(target, actor: actor, later: later, force: force, in: state)
    }

    /// The event redoing the top of `actor`'s redo stack, read from the log inside `transaction`.
    func decideRedo(actor: String, force: Bool, state: KanbanState, in transaction: some Transaction) throws -> BoardEvent {
        guard let sequence = state.undoStacks.redoStack(for: actor).last,
              let undoEvent = try log.event(at: sequence, in: transaction)
        else { throw KanbanError.nothingToRedo(actor: actor) }
        let later = try events(after: sequence, concerning: undoEvent.payload.card, in: transaction)
        return try Decider.redo(undoEvent, actor: actor, later: later, force: force, in: state)
    }

    /// What undo and redo would reverse next for `actor`.
    public func undoPreview(actor: String) throws -> UndoPreview {
        let actor = try Self.checkedActor(actor)
        let (undoTop, redoTop) = try withState { state in
            (state.undoStacks.undoStack(for: actor).last, state.undoStacks.redoStack(for: actor).last)
        }
        return try read { transaction in
            UndoPreview(
                undo: try undoTop.flatMap { try log.event(at: $0, in: transaction) },
                redo: try redoTop.flatMap { try log.event(at: $0, in: transaction) }
            )
        }
    }

    /// The events after `sequence` that concern `card` (none when `card` is `nil`).
    private func events(after sequence: UInt64, concerning card: CardID?, in transaction: some Transaction) throws -> [RecordedEvent] {
        guard let card else { return [] }
        var events: [RecordedEvent] = []
        // Peek at each event's card and decode only the ones that may concern it (a restore, or
        // an undo or redo of one, names no single card): the scan runs at cursor speed.
        try log.forEachRaw(after: sequence, in: transaction) { sequence, bytes in
            let peeked = EventCodec.peekCard(bytes)
            guard peeked == card || (peeked == nil && (EventCodec.peekKind(bytes)?.isCompound ?? true)) else { return true }
            events.append(try EventLog.decode(bytes, sequence: sequence))
            return true
        }
        return events
    }
}
