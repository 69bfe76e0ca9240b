extension Decider {
    /// The changes that make the details of card `card` (titled `title`) in `scratch` those of
    /// `target`, each applied to `scratch` as it is decided, for a restore of `board`: people and
    /// labels put on or taken off, the due mark set, comments, checklist items and links deleted,
    /// put back where they stood (with their times and edit marks), moved, renamed, checked or
    /// edited back. Each change is one an undo can reverse.
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
        for person in start.assignees where !target.assignees.contains(person) { emit(.unassigned(person)) }
        for person in target.assignees where !start.assignees.contains(person) { emit(.assigned(person)) }
        for label in start.labels where !target.labels.contains(label) { emit(.unlabelled(label)) }
        for label in target.labels where !start.labels.contains(label) { emit(.labelled(label)) }
        if start.dueDone != target.dueDone { emit(.dueMarked(done: target.dueDone)) }

        // Comments: those of now only go, those out of their old order go to come back in it,
        // those of then come back where they stood; the rest get their text and mark back.
        let wantedComments = target.comments.map(\.id)
        for comment in outOfPlace(current().comments.map(\.id), wanted: wantedComments).compactMap({ id in current().comments.first { $0.id == id } }) {
            emit(.commentDeleted(comment, index: current().comments.firstIndex { $0.id == comment.id } ?? 0))
        }
        for (index, comment) in target.comments.enumerated() where !current().comments.contains(where: { $0.id == comment.id }) {
            emit(.commentAdded(comment, index: index))
        }
        for comment in target.comments {
            guard let now = current().comments.first(where: { $0.id == comment.id }),
                  now.text != comment.text || now.editedAt != comment.editedAt
            else { continue }
            emit(.commentEdited(comment.id, Change(old: now.text, new: comment.text), mark: .set(Change(old: now.editedAt, new: comment.editedAt))))
        }

        // Checklist items: those of now only (or in another checklist) go, the others move back
        // into their old order, those of then come back; the rest get their text and check back.
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

        // Links, which never change: as comments, without edits.
        let wantedLinks = target.links.map(\.id)
        for link in outOfPlace(current().links.map(\.id), wanted: wantedLinks).compactMap({ id in current().links.first { $0.id == id } }) {
            emit(.linkRemoved(link, index: current().links.firstIndex { $0.id == link.id } ?? 0))
        }
        for (index, link) in target.links.enumerated() where !current().links.contains(where: { $0.id == link.id }) {
            emit(.linkAttached(link, index: index))
        }
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
        for person in start.members where !target.members.contains(person) { emit(.memberRemoved(person)) }
        for person in target.members where !start.members.contains(person) { emit(.memberAdded(person)) }
        for label in start.labels where !target.labels.contains(where: { $0.name == label.name }) {
            emit(.labelChanged(label.name, Change(old: label.colour, new: nil)))
        }
        for label in target.labels {
            let colour = start.labels.first { $0.name == label.name }?.colour
            if colour != label.colour { emit(.labelChanged(label.name, Change(old: colour, new: label.colour))) }
        }
        for id in scratch.boards[board]?.columns ?? [] {
            guard let column = scratch.columns[id] else { continue }
            let (now, then) = (start.limit(of: id), target.limit(of: id))
            if now != then { emit(.columnLimited(ColumnSpec(id: id, name: column.name), Change(old: now, new: then))) }
        }
        return effects
    }

    /// The elements of `list` to take out so that what is left is in `wanted`'s order: those not
    /// in `wanted`, and those out of order among the rest (kept greedily, first come first kept).
    private static func outOfPlace(_ list: [DetailID], wanted: [DetailID]) -> [DetailID] {
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
