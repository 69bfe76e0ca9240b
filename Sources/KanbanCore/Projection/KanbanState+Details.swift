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
    /// a comment it writes, or an edit made now, is marked with.
    mutating func applyDetail(_ changed: CardDetailChanged, at time: Timestamp?) {
        var card = details[changed.card] ?? CardDetails()
        func insert<Element>(_ element: Element, at index: Int, into list: inout [Element]) {
            list.insert(element, at: min(max(index, 0), list.count))
        }
        switch changed.edit {
        case .assigned(let person):
            insertSorted(person, into: &card.assignees)
        case .unassigned(let person):
            card.assignees.removeAll { $0 == person }
        case .labelled(let label):
            insertSorted(label, into: &card.labels)
        case .unlabelled(let label):
            card.labels.removeAll { $0 == label }
        case .dueMarked(let done):
            card.dueDone = done
        case .commentAdded(var comment, let index):
            guard !card.comments.contains(where: { $0.id == comment.id }) else { return }
            if comment.at == nil { comment.at = time }
            insert(comment, at: index, into: &card.comments)
        case .commentEdited(let id, let change, let mark):
            guard let position = card.comments.firstIndex(where: { $0.id == id }) else { return }
            card.comments[position].text = change.new
            switch mark {
            case .now: card.comments[position].editedAt = time
            case .set(let marked): card.comments[position].editedAt = marked.new
            }
        case .commentDeleted(let comment, _):
            card.comments.removeAll { $0.id == comment.id }
        case .itemAdded(let item, let index):
            guard !card.checklist.contains(where: { $0.id == item.id }) else { return }
            insert(item, at: index, into: &card.checklist)
        case .itemRenamed(let id, let change):
            guard let position = card.checklist.firstIndex(where: { $0.id == id }) else { return }
            card.checklist[position].text = change.new
        case .itemChecked(let id, _, let done):
            guard let position = card.checklist.firstIndex(where: { $0.id == id }) else { return }
            card.checklist[position].done = done
        case .itemRemoved(let item, _):
            card.checklist.removeAll { $0.id == item.id }
        case .itemMoved(let id, _, _, let to):
            guard let position = card.checklist.firstIndex(where: { $0.id == id }) else { return }
            let item = card.checklist.remove(at: position)
            insert(item, at: to, into: &card.checklist)
        case .linkAttached(let link, let index):
            guard !card.links.contains(where: { $0.id == link.id }) else { return }
            insert(link, at: index, into: &card.links)
        case .linkRemoved(let link, _):
            card.links.removeAll { $0.id == link.id }
        }
        details[changed.card] = card.isEmpty ? nil : card
    }

    /// Puts `name` into `names`, kept sorted, once: the order never depends on history, so an
    /// undone unassign puts a person back where they were.
    private func insertSorted(_ name: String, into names: inout [String]) {
        let index = names.firstIndex { $0 >= name } ?? names.endIndex
        if index < names.endIndex && names[index] == name { return }
        names.insert(name, at: index)
    }

    /// Applies a change to a board's members, labels or column limits.
    mutating func applyBoardDetail(_ edit: BoardDetailEdit, board: BoardID) {
        var kept = boardDetails[board] ?? BoardDetails()
        switch edit {
        case .memberAdded(let person):
            insertSorted(person, into: &kept.members)
        case .memberRemoved(let person):
            kept.members.removeAll { $0 == person }
        case .labelChanged(let name, let change):
            let position = kept.labels.firstIndex { $0.name == name }
            switch (position, change.new) {
            case (let position?, let colour?): kept.labels[position].colour = colour
            case (let position?, nil): kept.labels.remove(at: position)
            case (nil, let colour?):
                // Sorted by name, as names are: a removed label brought back returns to its place.
                let index = kept.labels.firstIndex { $0.name > name } ?? kept.labels.endIndex
                kept.labels.insert(BoardLabel(name: name, colour: colour), at: index)
            case (nil, nil): break
            }
        case .columnLimited(let column, let change):
            kept.limits[column.id] = change.new?.cards
            if change.new?.isStrict == true {
                kept.strictLimits.insert(column.id)
            } else {
                kept.strictLimits.remove(column.id)
            }
        }
        boardDetails[board] = kept.isEmpty ? nil : kept
    }
}
