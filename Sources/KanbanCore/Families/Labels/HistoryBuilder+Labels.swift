/// Labels put on and taken off as history's changes show them: field `label`.
extension HistoryBuilder {
    static func labellingChanges(_ label: String, labelled: Bool) -> [HistoryChange] {
        [HistoryChange(field: "label", old: labelled ? nil : label, new: labelled ? label : nil)]
    }
}
