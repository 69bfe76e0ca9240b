/// Marking a card's due date done or not done: deciding, undoing, restoring.
extension Decider {
    static func decideMarkDue(_ done: Bool, board boardName: String, card reference: String, in state: KanbanState) throws(KanbanError) -> [BoardEvent] {
        let (board, card, details) = try detailsOf(reference, on: boardName, in: state)
        guard details.dueDone != done else { return [] }
        return detailEvent(board, card, .dueMarked(done: done))
    }

    static func undoMarkDue(_ done: Bool, _ undo: DetailUndo) throws(KanbanError) -> CardDetailEdit {
        guard undo.details.dueDone == done else { throw undo.refuse("the due date of '\(undo.card.title)' was marked again since") }
        return .dueMarked(done: !done)
    }

    /// For a restore: the mark of then.
    static func restoreDueMark(from start: CardDetails, to target: CardDetails, emit: (CardDetailEdit) -> Void) {
        if start.dueDone != target.dueDone { emit(.dueMarked(done: target.dueDone)) }
    }
}
