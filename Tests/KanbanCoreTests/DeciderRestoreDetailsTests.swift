import KanbanCore
import Testing

/// What ``Decider/restore(board:to:sequence:timestamp:in:)`` decides for cards' and boards'
/// details: each part set back as it was, in its old order, in a way one undo reverses.
struct DeciderRestoreDetailsTests {
    /// The detail edit of `card`'s `events`, in order.
    static func cardEdits(_ payload: EventPayload) -> [CardDetailEdit] {
        guard case .restored(let restored) = payload else { return [] }
        return restored.effects.compactMap { if case .cardDetail(let changed) = $0 { changed.edit } else { nil } }
    }

    /// A card with every kind of detail, and the board's members, labels and limits; then
    /// everything changed, comments, items and links reordered behind the commands' backs.
    static func changedBoard() throws -> (fold: Fold, past: KanbanState, sequence: UInt64, card: CardID) {
        var fold = Fold()
        let card = try fold.add("Detailed")
        func on(_ command: (String, String) -> Command) throws { try fold.run(command("main", card.description)) }
        try on { .assign(board: $0, card: $1, person: "ana") }
        try on { .assign(board: $0, card: $1, person: "bo") }
        try on { .label(board: $0, card: $1, label: "bug") }
        try on { .markDue(board: $0, card: $1, done: true) }
        for text in ["one", "two", "three"] {
            try on { .addChecklistItem(board: $0, card: $1, text: text) }
            try on { .addComment(board: $0, card: $1, text: "comment \(text)") }
        }
        try on { .attachLink(board: $0, card: $1, url: "https://example.com/a") }
        try on { .attachLink(board: $0, card: $1, url: "https://example.com/b") }
        var details = fold.state.details(of: card)
        try on { .checkChecklistItem(board: $0, card: $1, item: details.checklist[0].id.description, done: true) }
        try on { .editComment(board: $0, card: $1, comment: details.comments[1].id.description, text: "two, edited") }
        try fold.run(.addMember(board: "main", person: "ana"))
        try fold.run(.setLabel(board: "main", name: "bug", colour: "red"))
        try fold.run(.setColumnLimit(board: "main", column: "DOING", limit: 3))
        try fold.run(.setStrictColumnLimit(board: "main", column: "TODO", limit: 5))
        let past = fold.state
        let sequence = fold.state.lastSequence
        #expect(StateCodec.version(of: past) == StateCodec.markedDetailsVersion)

        details = fold.state.details(of: card)
        try on { .unassign(board: $0, card: $1, person: "bo") }
        try on { .assign(board: $0, card: $1, person: "Chloé") }
        try on { .unlabel(board: $0, card: $1, label: "bug") }
        try on { .label(board: $0, card: $1, label: "later") }
        try on { .markDue(board: $0, card: $1, done: false) }
        try on { .removeChecklistItem(board: $0, card: $1, item: details.checklist[1].id.description) }
        try on { .moveChecklistItem(board: $0, card: $1, item: details.checklist[2].id.description, index: 0) }
        try on { .renameChecklistItem(board: $0, card: $1, item: details.checklist[0].id.description, text: "one, renamed") }
        try on { .checkChecklistItem(board: $0, card: $1, item: details.checklist[0].id.description, done: false) }
        try on { .addChecklistItem(board: $0, card: $1, text: "four") }
        try on { .editComment(board: $0, card: $1, comment: details.comments[1].id.description, text: "two, edited again") }
        try on { .editComment(board: $0, card: $1, comment: details.comments[2].id.description, text: "three, edited") }
        try on { .addComment(board: $0, card: $1, text: "a later comment") }
        // The first comment and the first link out of their old order: deleted, put back second.
        let (comment, link) = (details.comments[0], details.links[0])
        func detail(_ edit: CardDetailEdit) -> BoardEvent {
            BoardEvent(board: fold.main.id, payload: .cardDetail(CardDetailChanged(card: card, title: "Detailed", edit: edit)))
        }
        _ = fold.append(detail(.commentDeleted(comment, index: 0)), actor: "tester")
        _ = fold.append(detail(.commentAdded(comment, index: 1)), actor: "tester")
        _ = fold.append(detail(.linkRemoved(link, index: 0)), actor: "tester")
        _ = fold.append(detail(.linkAttached(link, index: 1)), actor: "tester")
        try fold.run(.removeMember(board: "main", person: "ana"))
        try fold.run(.addMember(board: "main", person: "bo"))
        try fold.run(.setLabel(board: "main", name: "bug", colour: "blue"))
        try fold.run(.setLabel(board: "main", name: "later", colour: "green"))
        try fold.run(.setStrictColumnLimit(board: "main", column: "DOING", limit: 2))
        try fold.run(.setColumnLimit(board: "main", column: "TODO", limit: nil))
        try fold.run(.addColumn(board: "main", name: "REVIEW"))
        try fold.run(.setStrictColumnLimit(board: "main", column: "REVIEW", limit: 1))
        #expect(fold.state.details(of: card).comments.map(\.id) != past.details(of: card).comments.map(\.id))
        return (fold, past, sequence, card)
    }

    @Test("A restore sets back every part of a card's details and the board's, in their old order")
    func restoresDetails() throws {
        let setup = try Self.changedBoard()
        var fold = setup.fold
        let (past, sequence, card) = (setup.past, setup.sequence, setup.card)
        let before = fold.state
        let decided = try #require(try Decider.restore(board: "main", to: past, sequence: sequence, timestamp: Timestamp(millisecondsSinceEpoch: 0), in: fold.state))
        _ = fold.append(decided, actor: "tester")
        #expect(fold.state.details(of: card) == past.details(of: card))
        #expect(fold.state.details(ofBoard: fold.main.id) == past.details(ofBoard: fold.main.id))
        #expect(fold.state.columns.count == past.columns.count)

        // Every kind of change is used, and the comments' times and edit marks come back too.
        let kinds = Set(Self.cardEdits(decided.payload).map(\.kind))
        #expect(kinds.isSuperset(of: [.cardAssigned, .cardUnassigned, .cardLabelled, .cardUnlabelled, .dueMarked, .commentAdded, .commentDeleted,
                                      .commentEdited, .checklistItemAdded, .checklistItemRemoved, .checklistItemMoved, .checklistItemRenamed,
                                      .checklistItemChecked, .linkAttached, .linkRemoved]))
        let comments = fold.state.details(of: card).comments
        #expect(comments.allSatisfy { $0.at != nil })
        #expect(comments.map { $0.editedAt != nil } == [false, true, false])

        // One undo takes it all back; a redo makes it again.
        try fold.undo("tester")
        #expect(fold.state.details(of: card) == before.details(of: card))
        #expect(fold.state.details(ofBoard: fold.main.id) == before.details(ofBoard: fold.main.id))
        try fold.redo("tester")
        #expect(fold.state.details(of: card) == past.details(of: card))
        #expect(fold.state.details(ofBoard: fold.main.id) == past.details(ofBoard: fold.main.id))

        // The restored event survives the codec.
        let restored = try #require(fold.events.last { $0.payload.kind == .redone })
        #expect(try EventCodec.decode(EventCodec.encode(restored), sequence: restored.sequence) == restored)
    }

    @Test("A restore to a moment with the same details changes none of them")
    func nothingToSetBack() throws {
        var fold = Fold()
        let card = try fold.add("Plain")
        try fold.run(.assign(board: "main", card: card.description, person: "ana"))
        let past = fold.state
        let sequence = fold.state.lastSequence
        try fold.add("Later")
        let decided = try #require(try Decider.restore(board: "main", to: past, sequence: sequence, timestamp: Timestamp(millisecondsSinceEpoch: 0), in: fold.state))
        #expect(Self.cardEdits(decided.payload).isEmpty)
    }

    @Test("A card deleted since comes back with the details it had; one made since keeps its own")
    func deletedAndLaterCards() throws {
        var fold = Fold()
        let kept = try fold.add("Kept")
        try fold.run(.assign(board: "main", card: kept.description, person: "ana"))
        let past = fold.state
        let sequence = fold.state.lastSequence
        try fold.run(.deleteCard(board: "main", card: kept.description))
        let later = try fold.add("Later")
        try fold.run(.label(board: "main", card: later.description, label: "new"))
        let decided = try #require(try Decider.restore(board: "main", to: past, sequence: sequence, timestamp: Timestamp(millisecondsSinceEpoch: 0), in: fold.state))
        _ = fold.append(decided, actor: "tester")
        #expect(fold.state.details(of: kept).assignees == ["ana"])
        #expect(fold.state.cards[later] == nil)
        #expect(fold.state.details(of: later).labels == ["new"])
    }
}
