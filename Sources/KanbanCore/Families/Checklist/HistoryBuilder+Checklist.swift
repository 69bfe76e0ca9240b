/// Checklist changes as history's changes show them: fields `checklistItem` (its text before
/// and after), `checked` and `checklistPosition`.
extension HistoryBuilder {
    static func itemChanges(old: String?, new: String?) -> [HistoryChange] {
        [HistoryChange(field: "checklistItem", old: old, new: new)]
    }

    static func itemCheckChanges(done: Bool) -> [HistoryChange] {
        [HistoryChange(field: "checked", old: String(!done), new: String(done))]
    }

    static func itemMoveChanges(from: Int, to: Int) -> [HistoryChange] {
        [HistoryChange(field: "checklistPosition", old: String(from), new: String(to))]
    }
}
