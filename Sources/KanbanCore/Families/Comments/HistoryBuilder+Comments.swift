/// Comments as history's changes show them: field `comment`, its text before and after.
extension HistoryBuilder {
    static func commentChanges(old: String?, new: String?) -> [HistoryChange] {
        [HistoryChange(field: "comment", old: old, new: new)]
    }
}
