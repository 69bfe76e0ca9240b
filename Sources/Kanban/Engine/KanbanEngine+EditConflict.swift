import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// Throws ``KanbanCore/KanbanError/editConflict(title:actor:sequence:field:)`` when an event
    /// after `since` by someone other than `actor` changed a field that the edit `events` changes
    /// too (an undo or redo of an edit counts by its effect, a restore of the board by what it
    /// did to the card). Reads the card's own events after
    /// `since` (``forEachEvent(concerning:on:after:in:_:)``), not the whole log after it.
    func checkUnchanged(_ events: [BoardEvent], since: UInt64, actor: String, in transaction: some Transaction) throws {
        guard let first = events.first, case .cardEdited(let edit) = first.payload else { return }
        let fields = Self.changedFields(edit)
        try forEachEvent(concerning: edit.card, on: first.board, after: since, in: transaction) { sequence, event, effects in
            guard event.actor != actor else { return }
            for case .cardEdited(let other) in effects {
                if let field = Self.changedFields(other).first(where: fields.contains) {
                    throw KanbanError.editConflict(title: other.title, actor: event.actor, sequence: sequence, field: field)
                }
            }
        }
    }

    /// The names of the fields `edit` changes, in the order the history shows them.
    private static func changedFields(_ edit: CardEdited) -> [String] {
        var fields: [String] = []
        if edit.titleChange != nil { fields.append("title") }
        if edit.descriptionChange != nil { fields.append("description") }
        if edit.dueChange != nil { fields.append("due date") }
        return fields
    }
}
