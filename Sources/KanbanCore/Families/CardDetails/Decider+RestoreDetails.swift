extension Decider {
    /// The changes that make the details of card `card` (titled `title`) in `scratch` those of
    /// `target`, each applied to `scratch` as it is decided, for a restore of `board`: people and
    /// labels put on or taken off, the due mark set, comments, checklist items and links deleted,
    /// put back where they stood (with their times and edit marks), moved, renamed, checked or
    /// edited back. Each change is one an undo can reverse. Each family restores its own, in
    /// this order (`Families/`).
    static func restoreDetails(
        of card: CardID,
        title: String,
        to target: CardDetails,
        board: BoardID,
        in scratch: inout KanbanState
    ) -> [EventPayload] {
        var effects: [EventPayload] = []
        func emit(_ edit: CardDetailEdit) {
            let effect = EventPayload.cardDetail(CardDetailChanged(card: card, title: title, edit: edit))
            scratch.apply(effect, board: board)
            effects.append(effect)
        }
        func current() -> CardDetails { scratch.details(of: card) }

        let start = current()
        restoreAssignees(from: start, to: target, emit: emit)
        restoreLabels(from: start, to: target, emit: emit)
        restoreDueMark(from: start, to: target, emit: emit)
        restoreComments(to: target, current: current, emit: emit)
        restoreChecklist(to: target, current: current, emit: emit)
        restoreLinks(to: target, current: current, emit: emit)
        return effects
    }

    /// The changes that make the members, labels and column limits of `board` in `scratch` those
    /// of `target`, each applied to `scratch` as it is decided. Limits are set for the columns the
    /// board has in `scratch` (a column made since has none then, so its limit is lifted).
    static func restoreBoardDetails(of board: BoardID, to target: BoardDetails, in scratch: inout KanbanState) -> [EventPayload] {
        var effects: [EventPayload] = []
        func emit(_ edit: BoardDetailEdit) {
            let effect = EventPayload.boardDetail(BoardDetailChanged(edit: edit))
            scratch.apply(effect, board: board)
            effects.append(effect)
        }
        let start = scratch.details(ofBoard: board)
        restoreMembers(from: start, to: target, emit: emit)
        restoreAccess(from: start, to: target, emit: emit)
        restoreLabels(from: start, to: target, emit: emit)
        let columns = (scratch.boards[board]?.columns ?? []).compactMap { id in scratch.columns[id].map { ColumnSpec(id: id, name: $0.name) } }
        restoreColumnLimits(of: columns, from: start, to: target, emit: emit)
        return effects
    }

    /// The elements of `list` to take out so that what is left is in `wanted`'s order: those not
    /// in `wanted`, and those out of order among the rest (kept greedily, first come first kept).
    static func outOfPlace(_ list: [DetailID], wanted: [DetailID]) -> [DetailID] {
        var rank: [DetailID: Int] = [:]
        for (index, id) in wanted.enumerated() where rank[id] == nil { rank[id] = index }
        var last = -1
        var out: [DetailID] = []
        for id in list {
            guard let position = rank[id], position > last else {
                out.append(id)
                continue
            }
            last = position
        }
        return out
    }
}
