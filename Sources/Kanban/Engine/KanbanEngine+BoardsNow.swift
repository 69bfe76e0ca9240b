import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// The boards and columns as of the end of the log in `transaction`, for reads that need
    /// their names only (a history page). When this engine's read state is built, that state;
    /// otherwise — a short-lived process such as `kanban history` — the newest snapshot's boards
    /// and columns (its cards and undo stacks, most of its bytes, are not decoded) with the
    /// events after it applied. Cards in the result are only those added since that snapshot.
    func boardsNow(in transaction: some Transaction) throws -> KanbanState {
        let built = try withReadCore { core -> KanbanState? in
            guard core.state.lastSequence > 0, !core.isDirty else { return nil }
            try catchUp(&core, in: transaction)
            return core.state
        }
        if let built { return built }
        var core = EngineCore()
        try catchUp(&core, in: transaction, boardsOnly: true)
        return core.state
    }
}
