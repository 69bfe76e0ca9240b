/// Assignments as history's changes show them: field `assignee`.
extension HistoryBuilder {
    static func assignmentChanges(_ person: String, assigned: Bool) -> [HistoryChange] {
        [HistoryChange(field: "assignee", old: assigned ? nil : person, new: assigned ? person : nil)]
    }
}
