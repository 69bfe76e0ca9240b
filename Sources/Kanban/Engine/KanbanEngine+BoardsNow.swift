import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// The boards and columns as of the end of the log in `transaction`, for reads that need
    /// them only (a history page, a board's id by its name now). When this engine's read state is
    /// built, that state; otherwise — a short-lived process such as `kanban history` — the board
    /// outline when it covers the log's last event (a few hundred bytes), else the newest
    /// snapshot's boards and columns (its cards and undo stacks, most of its bytes, are not
    /// decoded) with the events after it applied. Any cards in the result are not to be used.
    func boardsNow(in transaction: some Transaction) throws -> KanbanState {
        let built = try withReadCore { core -> KanbanState? in
            guard core.state.lastSequence > 0, !core.isDirty else { return nil }
            try catchUp(&core, in: transaction)
            return core.state
        }
        if let built { return built }
        let last = try OutlineStore.lastEvent(of: log, in: transaction)
        if let stored = try? outlines.load(in: transaction), stored.outline.lastSequence == last.sequence, stored.lastEvent == last.digest {
            return stored.outline.boards
        }
        var core = EngineCore()
        try catchUp(&core, in: transaction, boardsOnly: true)
        return core.state
    }
}
