/// Roles and visibility as history's changes show them: fields `role` and `visibility`.
extension HistoryBuilder {
    static func roleChanges(_ person: String, _ change: Change<BoardRole?>) -> [HistoryChange] {
        var changes = [HistoryChange(field: "role", old: change.old?.rawValue, new: change.new?.rawValue)]
        if change.old == nil || change.new == nil { changes.insert(contentsOf: memberChanges(person, added: change.old == nil), at: 0) }
        return changes
    }

    static func visibilityChanges(_ change: Change<BoardVisibility>) -> [HistoryChange] {
        [HistoryChange(field: "visibility", old: change.old.rawValue, new: change.new.rawValue)]
    }
}
