/// Undoing cards added, brought back, deleted, edited and moved: each the payload that reverses
/// it as things stand, or the reason there is none (`refuse`; `columnGone` names a column
/// removed since).
extension Decider {
    static func undoCardAdded(
        _ added: CardAdded, board: BoardID, in state: KanbanState, refuse: (String) -> KanbanError, columnGone: (ColumnID) -> KanbanError
    ) throws(KanbanError) -> EventPayload {
        guard let card = state.cards[added.card.id] else { throw refuse("card '\(added.card.title)' no longer exists") }
        let index = state.order(of: card.column).index(of: card.slot) ?? 0
        return .cardDeleted(CardDeleted(card: card, index: index))
    }

    static func undoCardRevived(
        _ revived: CardRevived, board: BoardID, in state: KanbanState, refuse: (String) -> KanbanError, columnGone: (ColumnID) -> KanbanError
    ) throws(KanbanError) -> EventPayload {
        guard let card = state.cards[revived.card.id] else { throw refuse("card '\(revived.card.title)' no longer exists") }
        let index = state.order(of: card.column).index(of: card.slot) ?? 0
        return .cardDeleted(CardDeleted(card: card, index: index))
    }

    static func undoCardDeleted(
        _ deleted: CardDeleted, board: BoardID, in state: KanbanState, refuse: (String) -> KanbanError, columnGone: (ColumnID) -> KanbanError
    ) throws(KanbanError) -> EventPayload {
        guard state.cards[deleted.card.id] == nil else { throw refuse("card '\(deleted.card.title)' exists already") }
        guard let column = state.columns[deleted.card.column] else { throw columnGone(deleted.card.column) }
        let (key, index) = placement(for: deleted.card.id, in: column, near: deleted.index, state: state)
        var card = deleted.card
        card.key = key
        return .cardAdded(CardAdded(card: card, index: index))
    }

    static func undoCardEdited(
        _ edited: CardEdited, board: BoardID, in state: KanbanState, refuse: (String) -> KanbanError, columnGone: (ColumnID) -> KanbanError
    ) throws(KanbanError) -> EventPayload {
        guard let card = state.cards[edited.card] else { throw refuse("card '\(edited.title)' no longer exists") }
        var reversed = CardEdited(card: card.id, title: card.title)
        if let change = edited.titleChange {
            reversed.titleChange = Change(old: card.title, new: change.old)
            reversed.title = change.old
        }
        if let change = edited.descriptionChange { reversed.descriptionChange = Change(old: card.description, new: change.old) }
        if let change = edited.dueChange { reversed.dueChange = Change(old: card.due, new: change.old) }
        return .cardEdited(reversed)
    }

    static func undoCardMoved(
        _ moved: CardMoved, board: BoardID, in state: KanbanState, refuse: (String) -> KanbanError, columnGone: (ColumnID) -> KanbanError
    ) throws(KanbanError) -> EventPayload {
        guard let card = state.cards[moved.card] else { throw refuse("card '\(moved.title)' no longer exists") }
        guard let column = state.columns[moved.from] else { throw columnGone(moved.from) }
        let fromIndex = state.order(of: card.column).index(of: card.slot) ?? 0
        let (key, index) = placement(for: card.id, in: column, near: moved.fromIndex, state: state)
        return .cardMoved(CardMoved(
            card: card.id, title: card.title, from: card.column, fromIndex: fromIndex, to: column.id, toIndex: index, key: key
        ))
    }
}
