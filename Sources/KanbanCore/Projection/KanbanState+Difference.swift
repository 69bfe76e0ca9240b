extension KanbanState {
    /// The first way `other` differs from this state, in words, or `nil` when they are the same:
    /// boards, columns, live cards (with their order keys), the last sequence number and every
    /// actor's undo and redo stacks. The column order index is derived, so it is not compared.
    public func firstDifference(from other: KanbanState) -> String? {
        if lastSequence != other.lastSequence { return "last sequence #\(lastSequence) vs #\(other.lastSequence)" }
        if boardsCreated != other.boardsCreated { return "boards created \(boardsCreated) vs \(other.boardsCreated)" }
        if boardOrder != other.boardOrder { return "board order differs" }
        for id in boardOrder where boards[id] != other.boards[id] {
            return "board \(boards[id]?.name ?? id.description) differs"
        }
        if columns != other.columns {
            let id = Set(columns.keys).union(other.columns.keys).sorted().first { columns[$0] != other.columns[$0] }!
            return "column \(columns[id]?.name ?? other.columns[id]?.name ?? id.description) differs"
        }
        if cards.count != other.cards.count { return "\(cards.count) live cards vs \(other.cards.count)" }
        for card in cards.values where other.cards[card.id] != card {
            return "card \(card.id) ('\(card.title)') differs"
        }
        if details != other.details {
            let id = Set(details.keys).union(other.details.keys).sorted().first { details[$0] != other.details[$0] }!
            return "the details of card \(id) differ"
        }
        if boardDetails != other.boardDetails { return "a board's members, labels or column limits differ" }
        if undoStacks != other.undoStacks {
            let actor = Set(undoStacks.actors).union(other.undoStacks.actors).sorted().first {
                undoStacks.undoStack(for: $0) != other.undoStacks.undoStack(for: $0)
                    || undoStacks.redoStack(for: $0) != other.undoStacks.redoStack(for: $0)
            }
            return "the undo or redo stack of \(actor ?? "an actor") differs"
        }
        return nil
    }
}
