/// Members as history's changes show them: field `member`.
extension HistoryBuilder {
    static func memberChanges(_ person: String, added: Bool) -> [HistoryChange] {
        [HistoryChange(field: "member", old: added ? nil : person, new: added ? person : nil)]
    }
}
