/// Links as history's changes show them: field `link`, the address.
extension HistoryBuilder {
    static func linkChanges(_ link: CardLink, attached: Bool) -> [HistoryChange] {
        [HistoryChange(field: "link", old: attached ? nil : link.url, new: attached ? link.url : nil)]
    }
}
