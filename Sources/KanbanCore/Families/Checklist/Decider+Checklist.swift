/// Adding, renaming, checking, removing and moving checklist items: deciding, undoing, restoring.
extension Decider {
    static func decideAddItem(
        _ text: String, checklist: String?, index: Int?, board boardName: String, card reference: String, in state: KanbanState,
        ids: inout some RandomNumberGenerator
    ) throws(KanbanError) -> [BoardEvent] {
        let (board, card, details) = try detailsOf(reference, on: boardName, in: state)
        let text = try Limits.checkedText(text, "checklist item", limit: Limits.checklistItemLength)
        let checklist = try Limits.checkedName(checklist ?? "Checklist")
        try roomFor(details.checklist.count, "checklist items")
        let position = index ?? details.checklist.count
        guard (0...details.checklist.count).contains(position) else {
            throw .indexOutOfRange(position, column: "checklist of '\(card.title)'", maximum: details.checklist.count)
        }
        return detailEvent(board, card, .itemAdded(ChecklistItem(id: .random(using: &ids), checklist: checklist, text: text), index: position))
    }

    static func decideRenameItem(_ itemReference: String, text: String, board boardName: String, card reference: String, in state: KanbanState) throws(KanbanError) -> [BoardEvent] {
        let (board, card, details) = try detailsOf(reference, on: boardName, in: state)
        let item = details.checklist[try detail(itemReference, in: details.checklist.map(\.id), what: "checklist item", card: card)]
        let text = try Limits.checkedText(text, "checklist item", limit: Limits.checklistItemLength)
        guard text != item.text else { return [] }
        return detailEvent(board, card, .itemRenamed(item.id, Change(old: item.text, new: text)))
    }

    static func decideCheckItem(_ itemReference: String, done: Bool, board boardName: String, card reference: String, in state: KanbanState) throws(KanbanError) -> [BoardEvent] {
        let (board, card, details) = try detailsOf(reference, on: boardName, in: state)
        let item = details.checklist[try detail(itemReference, in: details.checklist.map(\.id), what: "checklist item", card: card)]
        guard item.done != done else { return [] }
        return detailEvent(board, card, .itemChecked(item.id, text: item.text, done: done))
    }

    static func decideRemoveItem(_ itemReference: String, board boardName: String, card reference: String, in state: KanbanState) throws(KanbanError) -> [BoardEvent] {
        let (board, card, details) = try detailsOf(reference, on: boardName, in: state)
        let index = try detail(itemReference, in: details.checklist.map(\.id), what: "checklist item", card: card)
        return detailEvent(board, card, .itemRemoved(details.checklist[index], index: index))
    }

    static func decideMoveItem(_ itemReference: String, to: Int, board boardName: String, card reference: String, in state: KanbanState) throws(KanbanError) -> [BoardEvent] {
        let (board, card, details) = try detailsOf(reference, on: boardName, in: state)
        let from = try detail(itemReference, in: details.checklist.map(\.id), what: "checklist item", card: card)
        guard details.checklist.indices.contains(to) else {
            throw .indexOutOfRange(to, column: "checklist of '\(card.title)'", maximum: details.checklist.count - 1)
        }
        guard from != to else { return [] }
        let item = details.checklist[from]
        return detailEvent(board, card, .itemMoved(item.id, text: item.text, from: from, to: to))
    }

    static func undoAddItem(_ item: ChecklistItem, _ undo: DetailUndo) throws(KanbanError) -> CardDetailEdit {
        let checklist = undo.details.checklist
        let index = try undo.index(of: item.id, in: checklist, \.id, "checklist item")
        return .itemRemoved(checklist[index], index: index)
    }

    static func undoRenameItem(_ id: DetailID, _ change: Change<String>, _ undo: DetailUndo) throws(KanbanError) -> CardDetailEdit {
        let checklist = undo.details.checklist
        let index = try undo.index(of: id, in: checklist, \.id, "checklist item")
        return .itemRenamed(id, Change(old: checklist[index].text, new: change.old))
    }

    static func undoCheckItem(_ id: DetailID, done: Bool, _ undo: DetailUndo) throws(KanbanError) -> CardDetailEdit {
        let item = undo.details.checklist[try undo.index(of: id, in: undo.details.checklist, \.id, "checklist item")]
        return .itemChecked(id, text: item.text, done: !done)
    }

    static func undoRemoveItem(_ item: ChecklistItem, index: Int, _ undo: DetailUndo) throws(KanbanError) -> CardDetailEdit {
        guard !undo.details.checklist.contains(where: { $0.id == item.id }) else { throw undo.refuse("the checklist item is there already") }
        return .itemAdded(item, index: min(index, undo.details.checklist.count))
    }

    static func undoMoveItem(_ id: DetailID, from: Int, _ undo: DetailUndo) throws(KanbanError) -> CardDetailEdit {
        let checklist = undo.details.checklist
        let index = try undo.index(of: id, in: checklist, \.id, "checklist item")
        let back = min(from, checklist.count - 1)
        return .itemMoved(id, text: checklist[index].text, from: index, to: back)
    }

    /// For a restore: items of now only (or in another checklist) go, the others move back into
    /// their old order, those of then come back; the rest get their text and check back.
    static func restoreChecklist(to target: CardDetails, current: () -> CardDetails, emit: (CardDetailEdit) -> Void) {
        for item in current().checklist where !target.checklist.contains(where: { $0.id == item.id && $0.checklist == item.checklist }) {
            emit(.itemRemoved(item, index: current().checklist.firstIndex { $0.id == item.id } ?? 0))
        }
        let kept = target.checklist.filter { item in current().checklist.contains { $0.id == item.id } }
        for (index, item) in kept.enumerated() {
            let items = current().checklist
            guard let from = items.firstIndex(where: { $0.id == item.id }), from != index else { continue }
            emit(.itemMoved(item.id, text: items[from].text, from: from, to: index))
        }
        for (index, item) in target.checklist.enumerated() where !current().checklist.contains(where: { $0.id == item.id }) {
            emit(.itemAdded(item, index: index))
        }
        for item in target.checklist {
            guard let now = current().checklist.first(where: { $0.id == item.id }) else { continue }
            if now.text != item.text { emit(.itemRenamed(item.id, Change(old: now.text, new: item.text))) }
            if now.done != item.done { emit(.itemChecked(item.id, text: item.text, done: item.done)) }
        }
    }
}
