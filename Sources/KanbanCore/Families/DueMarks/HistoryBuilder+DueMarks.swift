/// A due mark as history's changes show it: field `dueDone`, `true` or `false`.
extension HistoryBuilder {
    static func dueMarkChanges(done: Bool) -> [HistoryChange] {
        [HistoryChange(field: "dueDone", old: String(!done), new: String(done))]
    }
}
