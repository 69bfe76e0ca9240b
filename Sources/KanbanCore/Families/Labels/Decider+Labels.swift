/// Putting labels on cards and taking them off: deciding, undoing, restoring.
extension Decider {
    static func decideLabel(_ label: String, board boardName: String, card reference: String, in state: KanbanState) throws(KanbanError) -> [BoardEvent] {
        let (board, card, details) = try detailsOf(reference, on: boardName, in: state)
        var label = try Limits.checkedName(label)
        // The board's label of that name, ignoring case, gives its spelling.
        if let made = state.details(ofBoard: board.id).labels.first(where: { $0.name.lowercased() == label.lowercased() }) { label = made.name }
        guard !details.labels.contains(label) else { return [] }
        try roomFor(details.labels.count, "labels")
        return detailEvent(board, card, .labelled(label))
    }

    static func decideUnlabel(_ label: String, board boardName: String, card reference: String, in state: KanbanState) throws(KanbanError) -> [BoardEvent] {
        let (board, card, details) = try detailsOf(reference, on: boardName, in: state)
        let wanted = label.trimmingWhitespace().lowercased()
        guard let label = details.labels.first(where: { $0.lowercased() == wanted }) else { return [] }
        return detailEvent(board, card, .unlabelled(label))
    }

    static func undoLabel(_ label: String, _ undo: DetailUndo) throws(KanbanError) -> CardDetailEdit {
        guard undo.details.labels.contains(label) else { throw undo.refuse("'\(undo.card.title)' no longer has label '\(label)'") }
        return .unlabelled(label)
    }

    static func undoUnlabel(_ label: String, _ undo: DetailUndo) throws(KanbanError) -> CardDetailEdit {
        guard !undo.details.labels.contains(label) else { throw undo.refuse("'\(undo.card.title)' has label '\(label)' again") }
        return .labelled(label)
    }

    /// For a restore: labels put on since come off, those of then go back on.
    static func restoreLabels(from start: CardDetails, to target: CardDetails, emit: (CardDetailEdit) -> Void) {
        for label in start.labels where !target.labels.contains(label) { emit(.unlabelled(label)) }
        for label in target.labels where !start.labels.contains(label) { emit(.labelled(label)) }
    }
}
