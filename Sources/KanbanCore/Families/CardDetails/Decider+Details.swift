extension Decider {
    /// The events that carry out a command on a card's or a board's details, or `nil` when
    /// `command` is not one. Each decides one event, or none when nothing would change (assigning
    /// someone assigned already). Each command is its family's (`Families/`).
    static func decideDetail(
        _ command: Command,
        actor: String,
        in state: KanbanState,
        ids: inout some RandomNumberGenerator
    ) throws(KanbanError) -> [BoardEvent]? {
        switch command {
        case .assign(let board, let card, let person): try decideAssign(person, board: board, card: card, in: state)
        case .unassign(let board, let card, let person): try decideUnassign(person, board: board, card: card, in: state)
        case .label(let board, let card, let label): try decideLabel(label, board: board, card: card, in: state)
        case .unlabel(let board, let card, let label): try decideUnlabel(label, board: board, card: card, in: state)
        case .markDue(let board, let card, let done): try decideMarkDue(done, board: board, card: card, in: state)
        case .addComment(let board, let card, let text): try decideAddComment(text, board: board, card: card, actor: actor, in: state, ids: &ids)
        case .editComment(let board, let card, let comment, let text): try decideEditComment(comment, text: text, board: board, card: card, actor: actor, in: state)
        case .deleteComment(let board, let card, let comment): try decideDeleteComment(comment, board: board, card: card, actor: actor, in: state)
        case .addChecklistItem(let board, let card, let text, let checklist, let index):
            try decideAddItem(text, checklist: checklist, index: index, board: board, card: card, in: state, ids: &ids)
        case .renameChecklistItem(let board, let card, let item, let text): try decideRenameItem(item, text: text, board: board, card: card, in: state)
        case .checkChecklistItem(let board, let card, let item, let done): try decideCheckItem(item, done: done, board: board, card: card, in: state)
        case .removeChecklistItem(let board, let card, let item): try decideRemoveItem(item, board: board, card: card, in: state)
        case .moveChecklistItem(let board, let card, let item, let index): try decideMoveItem(item, to: index, board: board, card: card, in: state)
        case .attachLink(let board, let card, let url, let name): try decideAttachLink(url, name: name, board: board, card: card, in: state, ids: &ids)
        case .removeLink(let board, let card, let link): try decideRemoveLink(link, board: board, card: card, in: state)
        case .addMember(let board, let person): try decideAddMember(person, board: board, in: state)
        case .removeMember(let board, let person): try decideRemoveMember(person, board: board, in: state)
        case .setMemberRole(let board, let person, let role, let adding): try decideSetMemberRole(person, role: role, adding: adding, board: board, in: state)
        case .setVisibility(let board, let visibility): try decideSetVisibility(visibility, board: board, in: state)
        case .setLabel(let board, let name, let colour): try decideSetLabel(name, colour: colour, board: board, in: state)
        case .setColumnLimit(let board, let column, let limit): try decideColumnLimit(limit.map { ColumnLimit($0) }, board: board, column: column, in: state)
        case .setStrictColumnLimit(let board, let column, let limit): try decideColumnLimit(ColumnLimit(limit, strict: true), board: board, column: column, in: state)
        default: nil
        }
    }

    /// The card `reference` on board `boardName`, and its details.
    static func detailsOf(_ reference: String, on boardName: String, in state: KanbanState) throws(KanbanError) -> (Board, Card, CardDetails) {
        let board = try board(boardName, in: state)
        let card = try state.card(matching: reference, on: board)
        return (board, card, state.details(of: card.id))
    }

    /// The event making `edit` to `card` on `board`.
    static func detailEvent(_ board: Board, _ card: Card, _ edit: CardDetailEdit) -> [BoardEvent] {
        [BoardEvent(board: board.id, payload: .cardDetail(CardDetailChanged(card: card.id, title: card.title, edit: edit)))]
    }

    /// The event making `edit` to `board`.
    static func boardDetailEvent(_ board: Board, _ edit: BoardDetailEdit) -> [BoardEvent] {
        [BoardEvent(board: board.id, payload: .boardDetail(BoardDetailChanged(edit: edit)))]
    }

    /// Refuses one more of `what` when a card holds `count` already, the most it may.
    static func roomFor(_ count: Int, _ what: String) throws(KanbanError) {
        if count >= Limits.detailsPerCard { throw .invalidDetail("a card holds at most \(Limits.detailsPerCard) \(what)") }
    }

    /// The index in `ids` of the one whose id starts with `reference` (case-insensitive; a whole
    /// id always matches itself), or the reason there is none.
    static func detail(_ reference: String, in ids: [DetailID], what: String, card: Card) throws(KanbanError) -> Int {
        let wanted = reference.trimmingWhitespace().lowercased()
        guard !wanted.isEmpty else { throw .unknownDetail(reference, what: what, card: card.title) }
        if let exact = ids.firstIndex(where: { $0.description == wanted }) { return exact }
        let matches = ids.indices.filter { ids[$0].description.hasPrefix(wanted) }
        guard let first = matches.first else { throw .unknownDetail(reference, what: what, card: card.title) }
        guard matches.count == 1 else { throw .invalidDetail("\(what) '\(reference)' is ambiguous: \(matches.count) start with it; give more of the id") }
        return first
    }
}
