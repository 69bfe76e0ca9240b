extension Decider {
    /// The event that brings back the deleted card `reference` names (its id or a unique prefix)
    /// on board `boardName`, with its id, title, description and due date.
    ///
    /// The state keeps no deleted cards: `deleted` are the board's deleted cards the caller read
    /// from the log, newest deletion first (those the reference does not name, live ones and
    /// other boards' are ignored; a card listed twice counts once, by its first entry). The card
    /// goes to `column` at `index` when given (`index` checked like an add's). Without a column it
    /// returns to its old column — refused when that column was removed — at its old index,
    /// clamped to the column's length; in another column without an index, at the end. A column
    /// at its strict limit refuses it (``KanbanError/columnFull(_:limit:)``).
    public static func revive(
        board boardName: String,
        card reference: String,
        column columnName: String? = nil,
        index: Int? = nil,
        deleted: [DeletedCard],
        in state: KanbanState
    ) throws(KanbanError) -> BoardEvent {
        let board = try board(boardName, in: state)
        let wanted = CardReference(reference)
        guard !wanted.isEmpty else { throw .unknownCard(reference) }
        var seen = Set<CardID>()
        var matches: [DeletedCard] = []
        for candidate in deleted where candidate.board == board.id && wanted.matches(candidate.card.id) {
            guard state.cards[candidate.card.id] == nil, seen.insert(candidate.card.id).inserted else { continue }
            matches.append(candidate)
        }
        guard let found = matches.first else {
            if let live = try? state.card(matching: reference, on: board) {
                throw .cannotRevive("'\(live.title)' is on the board; only a deleted card can be brought back")
            }
            throw .unknownCard(reference)
        }
        guard matches.count == 1 else { throw .ambiguousCard(reference, matches: matches.count) }

        var card = found.card
        let target: Column
        if let columnName {
            target = try column(columnName, of: board, in: state)
        } else {
            guard let old = state.columns[card.column], old.board == board.id else {
                throw .cannotRevive("the column '\(card.title)' stood in was removed; name a column to put it in")
            }
            target = old
        }
        var landing = index
        if index == nil && target.id == card.column {
            landing = min(max(found.index, 0), state.order(of: target.id).count)
        }
        let (key, at) = try place(card.id, in: target, at: landing, state: state)
        try checkRoom(in: target, of: board, state: state)
        card.column = target.id
        card.key = key
        return BoardEvent(board: board.id, payload: .cardRevived(CardRevived(card: card, index: at)))
    }
}
