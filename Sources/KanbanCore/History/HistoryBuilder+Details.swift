extension HistoryBuilder {
    /// The fields a change to a card's details changes, as history shows them: each kind's
    /// are its family's (`Families/`).
    static func detailChanges(_ edit: CardDetailEdit) -> [HistoryChange] {
        switch edit {
        case .assigned(let person): assignmentChanges(person, assigned: true)
        case .unassigned(let person): assignmentChanges(person, assigned: false)
        case .labelled(let label): labellingChanges(label, labelled: true)
        case .unlabelled(let label): labellingChanges(label, labelled: false)
        case .dueMarked(let done): dueMarkChanges(done: done)
        case .commentAdded(let comment, _): commentChanges(old: nil, new: comment.text)
        case .commentEdited(_, let change, _): commentChanges(old: change.old, new: change.new)
        case .commentDeleted(let comment, _): commentChanges(old: comment.text, new: nil)
        case .itemAdded(let item, _): itemChanges(old: nil, new: item.text)
        case .itemRenamed(_, let change): itemChanges(old: change.old, new: change.new)
        case .itemChecked(_, _, let done): itemCheckChanges(done: done)
        case .itemRemoved(let item, _): itemChanges(old: item.text, new: nil)
        case .itemMoved(_, _, let from, let to): itemMoveChanges(from: from, to: to)
        case .linkAttached(let link, _): linkChanges(link, attached: true)
        case .linkRemoved(let link, _): linkChanges(link, attached: false)
        }
    }

    /// The fields a change to a board's details changes, as history shows them.
    static func boardDetailChanges(_ edit: BoardDetailEdit) -> [HistoryChange] {
        switch edit {
        case .memberAdded(let person): memberChanges(person, added: true)
        case .memberRemoved(let person): memberChanges(person, added: false)
        case .memberRoleChanged(let person, let change): roleChanges(person, change)
        case .visibilityChanged(let change): visibilityChanges(change)
        case .labelChanged(_, let change): labelColourChanges(change)
        case .columnLimited(_, let change): limitChanges(change)
        }
    }
}
