extension Decider {
    /// The change that reverses `changed` on its card as things stand in `state`, or the reason
    /// there is none (the card deleted since, the item removed since, the person unassigned since).
    static func inverse(ofDetail changed: CardDetailChanged, action: String, in state: KanbanState) throws(KanbanError) -> EventPayload {
        func refuse(_ reason: String) -> KanbanError { .cannotUndo(action: action, reason: reason) }
        guard let card = state.cards[changed.card] else { throw refuse("card '\(changed.title)' no longer exists") }
        let details = state.details(of: card.id)
        func reversed(_ edit: CardDetailEdit) -> EventPayload {
            .cardDetail(CardDetailChanged(card: card.id, title: card.title, edit: edit))
        }
        func index<Element>(of id: DetailID, in list: [Element], _ identity: (Element) -> DetailID, _ what: String) throws(KanbanError) -> Int {
            guard let index = list.firstIndex(where: { identity($0) == id }) else { throw refuse("the \(what) was removed since") }
            return index
        }
        switch changed.edit {
        case .assigned(let person):
            guard details.assignees.contains(person) else { throw refuse("\(person) is no longer assigned to '\(card.title)'") }
            return reversed(.unassigned(person))
        case .unassigned(let person):
            guard !details.assignees.contains(person) else { throw refuse("\(person) is assigned to '\(card.title)' again") }
            return reversed(.assigned(person))
        case .labelled(let label):
            guard details.labels.contains(label) else { throw refuse("'\(card.title)' no longer has label '\(label)'") }
            return reversed(.unlabelled(label))
        case .unlabelled(let label):
            guard !details.labels.contains(label) else { throw refuse("'\(card.title)' has label '\(label)' again") }
            return reversed(.labelled(label))
        case .dueMarked(let done):
            guard details.dueDone == done else { throw refuse("the due date of '\(card.title)' was marked again since") }
            return reversed(.dueMarked(done: !done))
        case .commentAdded(let comment, _):
            let index = try index(of: comment.id, in: details.comments, \.id, "comment")
            return reversed(.commentDeleted(details.comments[index], index: index))
        case .commentEdited(let id, let change, let mark):
            // The text and the edit mark both go back: an undone edit leaves the comment as it was.
            let comment = details.comments[try index(of: id, in: details.comments, \.id, "comment")]
            return reversed(.commentEdited(id, Change(old: comment.text, new: change.old), mark: .set(Change(old: comment.editedAt, new: mark.previous))))
        case .commentDeleted(let comment, let index):
            guard !details.comments.contains(where: { $0.id == comment.id }) else { throw refuse("the comment is there already") }
            return reversed(.commentAdded(comment, index: min(index, details.comments.count)))
        case .itemAdded(let item, _):
            let index = try index(of: item.id, in: details.checklist, \.id, "checklist item")
            return reversed(.itemRemoved(details.checklist[index], index: index))
        case .itemRenamed(let id, let change):
            let index = try index(of: id, in: details.checklist, \.id, "checklist item")
            return reversed(.itemRenamed(id, Change(old: details.checklist[index].text, new: change.old)))
        case .itemChecked(let id, _, let done):
            let item = details.checklist[try index(of: id, in: details.checklist, \.id, "checklist item")]
            return reversed(.itemChecked(id, text: item.text, done: !done))
        case .itemRemoved(let item, let index):
            guard !details.checklist.contains(where: { $0.id == item.id }) else { throw refuse("the checklist item is there already") }
            return reversed(.itemAdded(item, index: min(index, details.checklist.count)))
        case .itemMoved(let id, _, let from, _):
            let index = try index(of: id, in: details.checklist, \.id, "checklist item")
            let back = min(from, details.checklist.count - 1)
            return reversed(.itemMoved(id, text: details.checklist[index].text, from: index, to: back))
        case .linkAttached(let link, _):
            let index = try index(of: link.id, in: details.links, \.id, "link")
            return reversed(.linkRemoved(details.links[index], index: index))
        case .linkRemoved(let link, let index):
            guard !details.links.contains(where: { $0.id == link.id }) else { throw refuse("the link is there already") }
            return reversed(.linkAttached(link, index: min(index, details.links.count)))
        }
    }

    /// The change that reverses `edit` on `board` as things stand in `state`.
    static func inverse(ofBoardDetail edit: BoardDetailEdit, board: BoardID, action: String, in state: KanbanState) throws(KanbanError) -> EventPayload {
        func refuse(_ reason: String) -> KanbanError { .cannotUndo(action: action, reason: reason) }
        guard state.boards[board] != nil else { throw refuse("the board no longer exists") }
        let details = state.details(ofBoard: board)
        func reversed(_ edit: BoardDetailEdit) -> EventPayload { .boardDetail(BoardDetailChanged(edit: edit)) }
        switch edit {
        case .memberAdded(let person):
            guard details.members.contains(person) else { throw refuse("\(person) is no longer a member") }
            return reversed(.memberRemoved(person))
        case .memberRemoved(let person):
            guard !details.members.contains(person) else { throw refuse("\(person) is a member again") }
            return reversed(.memberAdded(person))
        case .labelChanged(let name, let change):
            let current = details.labels.first { $0.name == name }?.colour
            return reversed(.labelChanged(name, Change(old: current, new: change.old)))
        case .columnLimited(let column, let change):
            guard let current = state.columns[column.id], current.board == board else { throw refuse("column '\(column.name)' was removed") }
            return reversed(.columnLimited(ColumnSpec(id: current.id, name: current.name), Change(old: details.limit(of: current.id), new: change.old)))
        }
    }
}
