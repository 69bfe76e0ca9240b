extension Decider {
    /// The change that reverses `changed` on its card as things stand in `state`, or the reason
    /// there is none (the card deleted since, the item removed since, the person unassigned since).
    /// Each kind's inverse is its family's (`Families/`).
    static func inverse(ofDetail changed: CardDetailChanged, action: String, in state: KanbanState) throws(KanbanError) -> EventPayload {
        guard let card = state.cards[changed.card] else {
            throw .cannotUndo(action: action, reason: "card '\(changed.title)' no longer exists")
        }
        let undo = DetailUndo(card: card, details: state.details(of: card.id), action: action)
        let edit: CardDetailEdit
        switch changed.edit {
        case .assigned(let person): edit = try undoAssign(person, undo)
        case .unassigned(let person): edit = try undoUnassign(person, undo)
        case .labelled(let label): edit = try undoLabel(label, undo)
        case .unlabelled(let label): edit = try undoUnlabel(label, undo)
        case .dueMarked(let done): edit = try undoMarkDue(done, undo)
        case .commentAdded(let comment, _): edit = try undoAddComment(comment, undo)
        case .commentEdited(let id, let change, let mark): edit = try undoEditComment(id, change, mark: mark, undo)
        case .commentDeleted(let comment, let index): edit = try undoDeleteComment(comment, index: index, undo)
        case .itemAdded(let item, _): edit = try undoAddItem(item, undo)
        case .itemRenamed(let id, let change): edit = try undoRenameItem(id, change, undo)
        case .itemChecked(let id, _, let done): edit = try undoCheckItem(id, done: done, undo)
        case .itemRemoved(let item, let index): edit = try undoRemoveItem(item, index: index, undo)
        case .itemMoved(let id, _, let from, _): edit = try undoMoveItem(id, from: from, undo)
        case .linkAttached(let link, _): edit = try undoAttachLink(link, undo)
        case .linkRemoved(let link, let index): edit = try undoRemoveLink(link, index: index, undo)
        }
        return .cardDetail(CardDetailChanged(card: card.id, title: card.title, edit: edit))
    }

    /// The change that reverses `edit` on `board` as things stand in `state`; each kind's
    /// inverse is its family's.
    static func inverse(ofBoardDetail edit: BoardDetailEdit, board: BoardID, action: String, in state: KanbanState) throws(KanbanError) -> EventPayload {
        func refuse(_ reason: String) -> KanbanError { .cannotUndo(action: action, reason: reason) }
        guard state.boards[board] != nil else { throw refuse("the board no longer exists") }
        let details = state.details(ofBoard: board)
        let reversed: BoardDetailEdit
        switch edit {
        case .memberAdded(let person): reversed = try undoAddMember(person, details: details, refuse: refuse)
        case .memberRemoved(let person): reversed = try undoRemoveMember(person, details: details, refuse: refuse)
        case .memberRoleChanged(let person, let change): reversed = try undoSetRole(person, change, details: details, refuse: refuse)
        case .visibilityChanged(let change): reversed = undoSetVisibility(change, details: details)
        case .labelChanged(let name, let change): reversed = undoSetLabel(name, change, details: details)
        case .columnLimited(let column, let change): reversed = try undoColumnLimit(column, change, board: board, details: details, in: state, refuse: refuse)
        }
        return .boardDetail(BoardDetailChanged(edit: reversed))
    }
}
