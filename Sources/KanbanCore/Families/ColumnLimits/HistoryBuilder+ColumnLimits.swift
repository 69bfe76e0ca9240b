/// A column's limit as history's changes show it: field `limit`, the number of cards and
/// " (strict)" when it is.
extension HistoryBuilder {
    static func limitChanges(_ change: Change<ColumnLimit?>) -> [HistoryChange] {
        [HistoryChange(field: "limit", old: change.old.map(Self.limitText), new: change.new.map(Self.limitText))]
    }

    /// A limit as history's changes show it: the number of cards, and " (strict)" when it is.
    static func limitText(_ limit: ColumnLimit) -> String {
        limit.isStrict ? "\(limit.cards) (strict)" : String(limit.cards)
    }
}
