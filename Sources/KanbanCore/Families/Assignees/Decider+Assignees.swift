/// Assigning and unassigning people: deciding, undoing, restoring.
extension Decider {
    static func decideAssign(_ person: String, board boardName: String, card reference: String, in state: KanbanState) throws(KanbanError) -> [BoardEvent] {
        let (board, card, details) = try detailsOf(reference, on: boardName, in: state)
        let person = try Limits.checkedName(person)
        guard !details.assignees.contains(person) else { return [] }
        try roomFor(details.assignees.count, "assignees")
        return detailEvent(board, card, .assigned(person))
    }

    static func decideUnassign(_ person: String, board boardName: String, card reference: String, in state: KanbanState) throws(KanbanError) -> [BoardEvent] {
        let (board, card, details) = try detailsOf(reference, on: boardName, in: state)
        let person = person.trimmingWhitespace()
        guard details.assignees.contains(person) else { return [] }
        return detailEvent(board, card, .unassigned(person))
    }

    /// The unassignment that undoes assigning `person`.
    static func undoAssign(_ person: String, _ undo: DetailUndo) throws(KanbanError) -> CardDetailEdit {
        guard undo.details.assignees.contains(person) else { throw undo.refuse("\(person) is no longer assigned to '\(undo.card.title)'") }
        return .unassigned(person)
    }

    /// The assignment that undoes unassigning `person`.
    static func undoUnassign(_ person: String, _ undo: DetailUndo) throws(KanbanError) -> CardDetailEdit {
        guard !undo.details.assignees.contains(person) else { throw undo.refuse("\(person) is assigned to '\(undo.card.title)' again") }
        return .assigned(person)
    }

    /// For a restore: people assigned now only go, those of then come back.
    static func restoreAssignees(from start: CardDetails, to target: CardDetails, emit: (CardDetailEdit) -> Void) {
        for person in start.assignees where !target.assignees.contains(person) { emit(.unassigned(person)) }
        for person in target.assignees where !start.assignees.contains(person) { emit(.assigned(person)) }
    }
}
