extension KanbanState {
    /// The details of card `id`: empty when it has none.
    public func details(of id: CardID) -> CardDetails {
        details[id] ?? CardDetails()
    }

    /// The members, labels and column limits of board `id`: empty when it has none.
    public func details(ofBoard id: BoardID) -> BoardDetails {
        boardDetails[id] ?? BoardDetails()
    }

    /// Applies a change to a card's details. Like every event, one that refers to something no
    /// longer there (an item removed since) changes nothing; indexes are clamped. The card itself
    /// need not be live: its details are kept by id. `time` is when the event happened: the time
    /// a comment it writes, or an edit made now, is marked with. Each kind's effect is its
    /// family's (`Families/`).
    mutating func applyDetail(_ changed: CardDetailChanged, at time: Timestamp?) {
        var card = details[changed.card] ?? CardDetails()
        switch changed.edit {
        case .assigned(let person): card.assign(person)
        case .unassigned(let person): card.unassign(person)
        case .labelled(let label): card.label(label)
        case .unlabelled(let label): card.unlabel(label)
        case .dueMarked(let done): card.markDue(done: done)
        case .commentAdded(let comment, let index): card.addComment(comment, at: index, writtenAt: time)
        case .commentEdited(let id, let change, let mark): card.editComment(id, change, mark: mark, at: time)
        case .commentDeleted(let comment, _): card.deleteComment(comment.id)
        case .itemAdded(let item, let index): card.addItem(item, at: index)
        case .itemRenamed(let id, let change): card.renameItem(id, to: change.new)
        case .itemChecked(let id, _, let done): card.checkItem(id, done: done)
        case .itemRemoved(let item, _): card.removeItem(item.id)
        case .itemMoved(let id, _, _, let to): card.moveItem(id, to: to)
        case .linkAttached(let link, let index): card.attachLink(link, at: index)
        case .linkRemoved(let link, _): card.removeLink(link.id)
        }
        details[changed.card] = card.isEmpty ? nil : card
    }

    /// Applies a change to a board's members, labels or column limits: each kind's effect is
    /// its family's.
    mutating func applyBoardDetail(_ edit: BoardDetailEdit, board: BoardID) {
        var kept = boardDetails[board] ?? BoardDetails()
        switch edit {
        case .memberAdded(let person): kept.addMember(person)
        case .memberRemoved(let person): kept.removeMember(person)
        case .memberRoleChanged(let person, let change): kept.setRole(change.new, of: person)
        case .visibilityChanged(let change): kept.visibility = change.new
        case .labelChanged(let name, let change): kept.setLabel(name, colour: change.new)
        case .columnLimited(let column, let change): kept.limit(column.id, to: change.new)
        }
        boardDetails[board] = kept.isEmpty ? nil : kept
    }
}
