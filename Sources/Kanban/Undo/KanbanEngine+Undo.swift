import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// The event undoing the newest entry of `actor`'s undo stack that can be undone, and the
    /// entries above it that cannot be undone at all, read from the log inside `transaction`.
    /// Appending the event drops those entries too: the stacks' fold removes an undo's target
    /// and everything above it.
    func decideUndo(actor: String, force: Bool, state: KanbanState, in transaction: some Transaction) throws -> UndoDecision {
        try decideUndo(actor: actor, force: force, state: state, reading: TransactionUndoSource(log: log, transaction: transaction))
    }

    /// ``decideUndo(actor:force:state:in:)``, the log read from `source`.
    func decideUndo(actor: String, force: Bool, state: KanbanState, reading source: some UndoSource) throws -> UndoDecision {
        var names: RemovedColumnNames?
        let (target, dropped) = try newestTakeable(
            state.undoStacks.undoStack(for: actor), redo: false, actor: actor, state: state, names: &names, in: source
        )
        guard let target else { return UndoDecision(event: nil, dropped: dropped) }
        let later = try events(after: target.sequence, concerning: target.payload.card, in: source)
        let removed = try removedColumnNames(for: [target] + later, state: state, cache: &names, in: source)
        let event = try Decider.undo(target, actor: actor, later: later, force: force, removedColumns: removed, in: state)
        return UndoDecision(event: event, dropped: dropped)
    }

    /// The event redoing the newest undo on `actor`'s redo stack that can be redone, and the
    /// undos above it that cannot be redone at all, read from the log inside `transaction`.
    func decideRedo(actor: String, force: Bool, state: KanbanState, in transaction: some Transaction) throws -> UndoDecision {
        try decideRedo(actor: actor, force: force, state: state, reading: TransactionUndoSource(log: log, transaction: transaction))
    }

    /// ``decideRedo(actor:force:state:in:)``, the log read from `source`.
    func decideRedo(actor: String, force: Bool, state: KanbanState, reading source: some UndoSource) throws -> UndoDecision {
        var names: RemovedColumnNames?
        let (undoEvent, dropped) = try newestTakeable(
            state.undoStacks.redoStack(for: actor), redo: true, actor: actor, state: state, names: &names, in: source
        )
        guard let undoEvent else { return UndoDecision(event: nil, dropped: dropped) }
        let later = try events(after: undoEvent.sequence, concerning: undoEvent.payload.card, in: source)
        let removed = try removedColumnNames(for: [undoEvent] + later, state: state, cache: &names, in: source)
        let event = try Decider.redo(undoEvent, actor: actor, later: later, force: force, removedColumns: removed, in: state)
        return UndoDecision(event: event, dropped: dropped)
    }

    func undoPreview(actor: String) throws -> UndoPreview {
        let actor = try Self.checkedActor(actor)
        let state = try withState { $0 }
        return try read { transaction in
            var names: RemovedColumnNames?
            let source = TransactionUndoSource(log: log, transaction: transaction)
            let undo = try newestTakeable(state.undoStacks.undoStack(for: actor), redo: false, actor: actor, state: state, names: &names, in: source)
            let redo = try newestTakeable(state.undoStacks.redoStack(for: actor), redo: true, actor: actor, state: state, names: &names, in: source)
            return UndoPreview(undo: undo.target, redo: redo.target, droppedFromUndo: undo.dropped, droppedFromRedo: redo.dropped)
        }
    }

    /// The newest entry of `stack` that can be undone (or, with `redo`, redone) as things stand,
    /// others' later changes aside, and the entries above it that cannot be at all, newest first.
    /// `names` caches the names of removed columns, read from the log when first needed.
    private func newestTakeable(
        _ stack: [UInt64],
        redo: Bool,
        actor: String,
        state: KanbanState,
        names: inout RemovedColumnNames?,
        in source: some UndoSource
    ) throws -> (target: RecordedEvent?, dropped: [DroppedEntry]) {
        var dropped: [DroppedEntry] = []
        for sequence in stack.reversed() {
            guard let entry = try source.event(at: sequence) else { continue }
            let removed = try removedColumnNames(for: [entry], state: state, cache: &names, in: source)
            do throws(KanbanError) {
                // Forced, so that only what cannot apply at all is refused.
                if redo {
                    _ = try Decider.redo(entry, actor: actor, later: [], force: true, removedColumns: removed, in: state)
                } else {
                    _ = try Decider.undo(entry, actor: actor, later: [], force: true, removedColumns: removed, in: state)
                }
                return (entry, dropped)
            } catch .cannotUndo(_, let reason) {
                dropped.append(DroppedEntry(event: entry, reason: reason))
            }
        }
        return (nil, dropped)
    }

    /// The names removed columns had, for the columns `events` place cards in that `state` no
    /// longer has: read from the whole log once (and kept in `cache`), and only when needed.
    private func removedColumnNames(
        for events: [RecordedEvent],
        state: KanbanState,
        cache: inout RemovedColumnNames?,
        in source: some UndoSource
    ) throws -> RemovedColumnNames {
        if let cache { return cache }
        let needed = events.contains { event in
            RemovedColumnNames.columns(placingCardsIn: event.payload).contains { state.columns[$0] == nil }
        }
        guard needed else { return RemovedColumnNames() }
        let names = try removedColumnNames(in: source)
        cache = names
        return names
    }

    /// The names of every column the log removed, as they were when removed (a scan that decodes
    /// only the events that can remove columns).
    private func removedColumnNames(in source: some UndoSource) throws -> RemovedColumnNames {
        var names = RemovedColumnNames()
        try source.forEachRaw(after: 0) { sequence, bytes in
            // An event of unknown kind is decoded too, so that its error names it.
            guard EventCodec.peekKind(bytes).map(RemovedColumnNames.mayRemoveColumns(kind:)) ?? true else { return true }
            names.record(try EventLog.decode(bytes, sequence: sequence).payload)
            return true
        }
        return names
    }

    func removedColumnNames(for events: [RecordedEvent]) throws -> RemovedColumnNames {
        let state = try withState { $0 }
        return try read { transaction in
            var cache: RemovedColumnNames?
            return try removedColumnNames(for: events, state: state, cache: &cache, in: TransactionUndoSource(log: log, transaction: transaction))
        }
    }

    /// The events after `sequence` that concern `card` (none when `card` is `nil`).
    private func events(after sequence: UInt64, concerning card: CardID?, in source: some UndoSource) throws -> [RecordedEvent] {
        guard let card else { return [] }
        var events: [RecordedEvent] = []
        // Peek at each event's card and decode only the ones that may concern it (a restore, or
        // an undo or redo of one, names no single card): the scan runs at cursor speed.
        try source.forEachRaw(after: sequence) { sequence, bytes in
            let peeked = EventCodec.peekCard(bytes)
            guard peeked == card || (peeked == nil && (EventCodec.peekKind(bytes)?.isCompound ?? true)) else { return true }
            events.append(try EventLog.decode(bytes, sequence: sequence))
            return true
        }
        return events
    }
}
