import KanbanCore

extension Fold {
    /// Runs `command` as `actor`.
    @discardableResult
    mutating func run(_ command: Command, as actor: String) throws(KanbanError) -> [RecordedEvent] {
        let previous = self.actor
        self.actor = actor
        defer { self.actor = previous }
        return try run(command)
    }

    /// Undoes `actor`'s last action as the engine does: the top of their undo stack, judged
    /// against the later events of the log that concern the same card.
    @discardableResult
    mutating func undo(_ actor: String, force: Bool = false) throws(KanbanError) -> RecordedEvent {
        guard let sequence = state.undoStacks.undoStack(for: actor).last else { throw .nothingToUndo(actor: actor) }
        let target = events[Int(sequence) - 1]
        let decided = try Decider.undo(target, actor: actor, later: later(than: target), force: force, removedColumns: removedColumns, in: state)
        return append(decided, actor: actor)
    }

    /// Redoes `actor`'s last undo as the engine does.
    @discardableResult
    mutating func redo(_ actor: String, force: Bool = false) throws(KanbanError) -> RecordedEvent {
        guard let sequence = state.undoStacks.redoStack(for: actor).last else { throw .nothingToRedo(actor: actor) }
        let undoEvent = events[Int(sequence) - 1]
        let decided = try Decider.redo(undoEvent, actor: actor, later: later(than: undoEvent), force: force, removedColumns: removedColumns, in: state)
        return append(decided, actor: actor)
    }

    /// The names of the columns removed so far, as the engine gathers them from the log.
    var removedColumns: RemovedColumnNames {
        var names = RemovedColumnNames()
        for event in events { names.record(event.payload) }
        return names
    }

    /// The events after `event` that concern its card (none for board and column events).
    func later(than event: RecordedEvent) -> [RecordedEvent] {
        guard let card = event.payload.card else { return [] }
        return events.dropFirst(Int(event.sequence)).filter { $0.payload.card == card }
    }

    /// Stamps and applies a decided event.
    mutating func append(_ event: BoardEvent, actor: String) -> RecordedEvent {
        clock += 1000
        let next = RecordedEvent(
            sequence: state.lastSequence + 1,
            timestamp: Timestamp(millisecondsSinceEpoch: clock),
            actor: event.actor ?? actor,
            id: EventID(.random(using: &ids)),
            board: event.board,
            payload: event.payload
        )
        state.apply(next)
        events.append(next)
        return next
    }
}
