/// A board's label as history's changes show it: field `labelColour`.
extension HistoryBuilder {
    static func labelColourChanges(_ change: Change<String?>) -> [HistoryChange] {
        [HistoryChange(field: "labelColour", old: change.old, new: change.new)]
    }
}
