import KanbanCore

extension Fold {
    /// Every deletion in the log, newest first, as the engine reads them for a revive.
    var deletions: [DeletedCard] {
        events.reversed().flatMap(DeletedCard.deletions(in:))
    }

    /// Brings back a deleted card as the engine does: the deletions read from the log, the
    /// decision made by ``Decider/revive(board:card:column:index:deleted:in:)``.
    @discardableResult
    mutating func revive(
        _ card: String, board: String = DefaultBoard.name, column: String? = nil, index: Int? = nil, as actor: String? = nil
    ) throws(KanbanError) -> RecordedEvent {
        let decided = try Decider.revive(board: board, card: card, column: column, index: index, deleted: deletions, in: state)
        return append(decided, actor: actor ?? self.actor)
    }
}
