extension HistoryBuilder {
    /// The fields a change to a card's details changes, as history shows them.
    static func detailChanges(_ edit: CardDetailEdit) -> [HistoryChange] {
        switch edit {
        case .assigned(let person): [HistoryChange(field: "assignee", old: nil, new: person)]
        case .unassigned(let person): [HistoryChange(field: "assignee", old: person, new: nil)]
        case .labelled(let label): [HistoryChange(field: "label", old: nil, new: label)]
        case .unlabelled(let label): [HistoryChange(field: "label", old: label, new: nil)]
        case .dueMarked(let done): [HistoryChange(field: "dueDone", old: String(!done), new: String(done))]
        case .commentAdded(let comment, _): [HistoryChange(field: "comment", old: nil, new: comment.text)]
        case .commentEdited(_, let change, _): [HistoryChange(field: "comment", old: change.old, new: change.new)]
        case .commentDeleted(let comment, _): [HistoryChange(field: "comment", old: comment.text, new: nil)]
        case .itemAdded(let item, _): [HistoryChange(field: "checklistItem", old: nil, new: item.text)]
        case .itemRenamed(_, let change): [HistoryChange(field: "checklistItem", old: change.old, new: change.new)]
        case .itemChecked(_, _, let done): [HistoryChange(field: "checked", old: String(!done), new: String(done))]
        case .itemRemoved(let item, _): [HistoryChange(field: "checklistItem", old: item.text, new: nil)]
        case .itemMoved(_, _, let from, let to): [HistoryChange(field: "checklistPosition", old: String(from), new: String(to))]
        case .linkAttached(let link, _): [HistoryChange(field: "link", old: nil, new: link.url)]
        case .linkRemoved(let link, _): [HistoryChange(field: "link", old: link.url, new: nil)]
        }
    }

    /// A limit as history's changes show it: the number of cards, and " (strict)" when it is.
    static func limitText(_ limit: ColumnLimit) -> String {
        limit.isStrict ? "\(limit.cards) (strict)" : String(limit.cards)
    }

    /// The fields a change to a board's details changes, as history shows them.
    static func boardDetailChanges(_ edit: BoardDetailEdit) -> [HistoryChange] {
        switch edit {
        case .memberAdded(let person): [HistoryChange(field: "member", old: nil, new: person)]
        case .memberRemoved(let person): [HistoryChange(field: "member", old: person, new: nil)]
        case .labelChanged(_, let change): [HistoryChange(field: "labelColour", old: change.old, new: change.new)]
        case .columnLimited(_, let change): [HistoryChange(field: "limit", old: change.old.map(Self.limitText), new: change.new.map(Self.limitText))]
        }
    }
}
