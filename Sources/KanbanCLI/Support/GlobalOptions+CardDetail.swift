import Kanban
import KanbanCore
import KanbanReplica

extension GlobalOptions {
    /// Card `reference` of the board with everything it carries; on a replica, with the
    /// changes still queued applied, as `kanban board` shows them.
    func cardDetail(_ reference: String) throws -> CardDetailView {
        let engine = try openEngine()
        if let replica = try Replica.open(engine) { return try replica.cardDetailWithPending(board: board, card: reference) }
        return try engine.cardDetail(board: board, card: reference)
    }
}
