import KanbanCore
import Kanban

extension TrelloPlan.Builder {
    // MARK: The board

    /// The step that makes the board with `columns`, under the name it had before the oldest
    /// action: by the action that made it when there is one (at its moment), else by
    /// ``TrelloPlan/importActor`` at `time`.
    mutating func boardStep(at time: Timestamp, columns: [String]) -> TrelloStep {
        let operation = TrelloOperation.createBoard(name: initialName == finalName ? nil : initialName, columns: columns)
        guard let index = history.makingAction else {
            return TrelloStep(time: time, actor: TrelloPlan.importActor, action: nil, operations: [operation])
        }
        let making = history.actions[index]
        return TrelloStep(time: making.time, actor: actorName(making, noting: false), action: making.action.id, operations: [operation])
    }

    // MARK: Lists

    /// The operations that take list `id` to `after`, and why what the change asked was not
    /// done (`kept`): an archived list stays a column while cards are in it, or while it is the
    /// board's only one.
    mutating func reach(list id: String, _ after: TrelloListState) -> (operations: [TrelloOperation], kept: String?) {
        let before = listState(id)
        lists[id] = after
        guard columns.contains(id) else {
            // Created, reopened or back: a column again. Archived: nothing shows.
            return (after.closed ? [] : ensureColumn(id), nil)
        }
        var kept: String?
        if after.closed {
            if !openCards[id, default: []].isEmpty {
                kept = "list holds cards"
            } else if columns.count == 1 {
                kept = "last list"
            } else {
                return (removeColumn(id), nil)
            }
        }
        var operations: [TrelloOperation] = []
        if after.name != before.name, let old = columnNames[id] {
            let new = columnName(for: id, state: after)
            if new != old {
                columnNames[id] = new
                operations.append(.renameColumn(from: old, to: new))
            }
        }
        if after.pos != before.pos, let from = columns.firstIndex(of: id), let name = columnNames[id] {
            columns.remove(at: from)
            let index = columnIndex(id)
            columns.insert(id, at: index)
            if index != from { operations.append(.moveColumn(name: name, index: index)) }
        }
        return (operations, before.closed ? nil : kept)
    }

    /// List `id` moved here from another board (action `index`) with `arriving`: the column,
    /// then each card as it came (added open with its details, archived after), in `pos` order.
    mutating func listArrival(_ id: String, _ after: TrelloListState, cards arriving: [String: TrelloCardState], actor: String, index: Int) -> [Emitted] {
        var emitted = operations(reach(list: id, after).operations, as: actor)
        let ordered = arriving.sorted { ($0.value.pos, $0.key) < ($1.value.pos, $1.key) }
        for (card, state) in ordered {
            guard cards[card] != nil else {
                var open = state
                open.closed = false
                emitted += operations(reach(card, open), as: actor)
                rebuild(card, detailHistory.listArrivals[index]?[card] ?? TrelloCardDetails(), actor: actor, action: history.actions[index].action.id, into: &emitted)
                if state.closed { emitted += operations(reach(card, state), as: actor) }
                continue
            }
            emitted += operations(reach(card, state), as: actor)
        }
        return emitted
    }

    /// List `id` moved to another board: the cards in it go (deleted here), then its column
    /// unless it is the board's only one (`kept`).
    mutating func listDeparture(_ id: String, actor: String) -> (emitted: [Emitted], kept: String?) {
        var gone: [TrelloOperation] = []
        for card in openCards[id, default: []] { gone += reach(card, nil) }
        var after = listState(id)
        after.closed = true
        let reached = reach(list: id, after)
        return (operations(gone + reached.operations, as: actor), reached.kept)
    }

    /// Removes the column of archived list `id` once the last card has left it (unless it is
    /// the board's only one).
    mutating func settle(_ id: String) -> [TrelloOperation] {
        guard settles, columns.count > 1, listState(id).closed, openCards[id, default: []].isEmpty else { return [] }
        return removeColumn(id)
    }

    /// Removes list `id`'s column, which holds no card.
    mutating func removeColumn(_ id: String) -> [TrelloOperation] {
        guard let name = columnNames.removeValue(forKey: id) else { return [] }
        columns.removeAll { $0 == id }
        openCards[id] = nil
        return [.removeColumn(name: name)]
    }

    /// Adds list `id` as a column where its `pos` puts it, unless it is one already. The first
    /// column makes the board: as part of the current step, or as the action that made it.
    mutating func ensureColumn(_ id: String) -> [TrelloOperation] {
        guard !columns.contains(id) else { return [] }
        let name = columnName(for: id, state: listState(id))
        columnNames[id] = name
        guard boardMade else {
            boardMade = true
            columns.append(id)
            let step = boardStep(at: clock, columns: [name])
            guard step.action != nil else { return step.operations }
            add(step)
            return []
        }
        let index = columnIndex(id)
        columns.insert(id, at: index)
        return [.addColumn(name: name, index: index)]
    }

    func columnIndex(_ id: String) -> Int {
        columns.firstIndex { listOrder($0) > listOrder(id) } ?? columns.count
    }

    func listState(_ id: String) -> TrelloListState {
        lists[id] ?? history.finalLists[id] ?? TrelloListState(name: "", pos: .greatestFiniteMagnitude, closed: false)
    }

    func listOrder(_ id: String) -> (Double, String) {
        (listState(id).pos, id)
    }
}
