import KanbanCore
import Testing

/// `revive`: what ``Decider/revive(board:card:column:index:deleted:in:)`` decides from the
/// deletions read from the log, and its undo. The engine's log reading is in `KanbanEngineReviveTests`.
struct DeciderReviveTests {
    static let due = Due.day(CalendarDay(daysSinceEpoch: 20_788))

    /// TODO holds a, b, c, d; b (with a description and a due date) is deleted from index 1.
    static func deletedB() throws -> (Fold, CardID) {
        var fold = Fold()
        try fold.add("a")
        let b = try fold.add("b", due: due)
        try fold.run(.editCard(board: "main", card: b.description, description: "notes"))
        try fold.add("c")
        try fold.add("d")
        try fold.run(.deleteCard(board: "main", card: b.description))
        return (fold, b)
    }

    static func revived(_ event: RecordedEvent) throws -> CardRevived {
        guard case .cardRevived(let revived) = event.payload else { throw Unexpected(payload: event.payload) }
        return revived
    }

    struct Unexpected: Error { let payload: EventPayload }

    @Test("A deleted card comes back with its id, title, description and due date, at its old column and index")
    func oldPlace() throws {
        var (fold, b) = try Self.deletedB()
        let revived = try Self.revived(try fold.revive(String(b.description.prefix(6)).uppercased()))
        #expect(revived.card.id == b)
        #expect(revived.card.title == "b" && revived.card.description == "notes" && revived.card.due == Self.due)
        #expect(revived.index == 1)
        #expect(fold.titles("TODO") == ["a", "b", "c", "d"])
        #expect(fold.state.cards[b] == revived.card)
    }

    @Test("The old index is clamped when the column has become shorter; a given index is checked like an add's")
    func index() throws {
        var (fold, b) = try Self.deletedB()
        for title in ["a", "c", "d"] {
            let id = fold.state.cards.values.first { $0.title == title }!.id
            try fold.run(.moveCard(board: "main", card: id.description, column: "DONE"))
        }
        try fold.revive(b.description)
        #expect(fold.titles("TODO") == ["b"])

        var (again, card) = try Self.deletedB()
        #expect(throws: KanbanError.indexOutOfRange(4, column: "TODO", maximum: 3)) { try again.revive(card.description, index: 4) }
        #expect(throws: KanbanError.indexOutOfRange(-1, column: "TODO", maximum: 3)) { try again.revive(card.description, index: -1) }
        try again.revive(card.description, index: 3)
        #expect(again.titles("TODO") == ["a", "c", "d", "b"])
    }

    @Test("With a column it goes to that column's end, or to the index given there")
    func otherColumn() throws {
        var (fold, b) = try Self.deletedB()
        try fold.add("x", column: "DONE")
        try fold.add("y", column: "DONE")
        try fold.revive(b.description, column: "done")
        #expect(fold.titles("DONE") == ["x", "y", "b"])
        #expect(fold.state.cards[b]?.due == Self.due)

        var (again, card) = try Self.deletedB()
        try again.add("x", column: "DONE")
        try again.revive(card.description, column: "DONE", index: 0)
        #expect(again.titles("DONE") == ["b", "x"])
        // The old column named, without an index: its old index there.
        var (third, other) = try Self.deletedB()
        try third.revive(other.description, column: "todo")
        #expect(third.titles("TODO") == ["a", "b", "c", "d"])
    }

    @Test("A card whose column was removed needs a column; an unknown column is rejected")
    func removedColumn() throws {
        var fold = Fold()
        try fold.run(.addColumn(board: "main", name: "Review"))
        let card = try fold.add("r", column: "Review")
        try fold.run(.deleteCard(board: "main", card: card.description))
        try fold.run(.removeColumn(board: "main", column: "Review"))
        #expect(throws: KanbanError.cannotRevive("the column 'r' stood in was removed; name a column to put it in")) {
            try fold.revive(card.description)
        }
        #expect(throws: KanbanError.unknownColumn("Review", board: "main")) { try fold.revive(card.description, column: "Review") }
        try fold.revive(card.description, column: "DOING")
        #expect(fold.titles("DOING") == ["r"])
        #expect(KanbanError.cannotRevive("x").description == "cannot bring back: x")
    }

    @Test("Unknown, empty, live and other boards' cards are rejected; a prefix of two deleted cards is ambiguous")
    func rejected() throws {
        var (fold, b) = try Self.deletedB()
        let before = fold.events.count
        #expect(throws: KanbanError.unknownCard("zz")) { try fold.revive("zz") }
        #expect(throws: KanbanError.unknownCard(" ")) { try fold.revive(" ") }
        let a = fold.state.cards.values.first { $0.title == "a" }!.id
        #expect(throws: KanbanError.cannotRevive("'a' is on the board; only a deleted card can be brought back")) {
            try fold.revive(a.description)
        }
        try fold.run(.createBoard(name: "Side"))
        #expect(throws: KanbanError.unknownCard(b.description)) { try fold.revive(b.description, board: "Side") }
        #expect(throws: KanbanError.unknownBoard("nope")) { try fold.revive(b.description, board: "nope") }
        #expect(fold.events.count == before + 1)

        // Seventeen deleted cards: two of them share a first hex digit.
        var many = Fold()
        var ids: [CardID] = []
        for n in 0..<17 { ids.append(try many.add("card \(n)")) }
        for id in ids { try many.run(.deleteCard(board: "main", card: id.description)) }
        let first = ids.map { $0.description.prefix(1) }
        let shared = try #require(first.first { digit in first.filter { $0 == digit }.count > 1 })
        let count = first.filter { $0 == shared }.count
        #expect(throws: KanbanError.ambiguousCard(String(shared), matches: count)) { try many.revive(String(shared)) }
    }

    @Test("The newest deletion counts: a card deleted, brought back, moved and deleted again returns to its last place")
    func newestDeletion() throws {
        var (fold, b) = try Self.deletedB()
        try fold.revive(b.description)
        try fold.run(.moveCard(board: "main", card: b.description, column: "DOING"))
        try fold.run(.editCard(board: "main", card: b.description, title: "b2"))
        try fold.run(.deleteCard(board: "main", card: b.description))
        // The log holds two deletions of b; it is listed once and comes back to DOING as b2.
        #expect(fold.deletions.filter { $0.card.id == b }.count == 2)
        let revived = try Self.revived(try fold.revive(b.description))
        #expect(revived.card.title == "b2")
        #expect(fold.titles("DOING") == ["b2"])
    }

    @Test("Decide alone knows no deleted cards: a revive there is an unknown card, and nothing is decided")
    func decideAlone() throws {
        var (fold, b) = try Self.deletedB()
        let before = fold.events.count
        #expect(throws: KanbanError.unknownCard(b.description)) { try fold.run(.reviveCard(board: "main", card: b.description)) }
        var empty = Fold()
        #expect(throws: KanbanError.unknownCard("abc")) { try empty.run(.reviveCard(board: "main", card: "abc")) }
        #expect(empty.events.isEmpty && fold.events.count == before)
    }

    @Test("Undoing a revive deletes the card again; redoing brings it back where it was")
    func undoRedo() throws {
        var (fold, b) = try Self.deletedB()
        try fold.revive(b.description, as: "ana")
        let undo = try fold.undo("ana")
        guard case .undone(let undone) = undo.payload, case .cardDeleted(let deleted) = undone.compensation else {
            Issue.record("not a delete: \(undo)")
            return
        }
        #expect(deleted.card.id == b && deleted.index == 1)
        #expect(fold.titles("TODO") == ["a", "c", "d"])
        // Deleted by the undo, it can be brought back again.
        #expect(fold.deletions.first?.card.id == b)
        try fold.redo("ana")
        #expect(fold.titles("TODO") == ["a", "b", "c", "d"])
        #expect(fold.state.cards[b]?.description == "notes")
    }

    @Test("A revive changes every field: it conflicts with others' later changes and others' undos of the delete")
    func conflicts() throws {
        #expect(ChangedFields(of: .cardRevived(CardRevived(card: Card(id: CardID(Identifier(high: 1, low: 1)), column: ColumnID(Identifier(high: 2, low: 2)), key: .middle, title: "x"), index: 0))) == .all)

        var (fold, b) = try Self.deletedB()
        try fold.revive(b.description, as: "ana")
        let revive = fold.events.last!
        try fold.run(.editCard(board: "main", card: b.description, description: "bob's"), as: "bob")
        #expect(throws: KanbanError.undoConflict(action: "undo", actor: "bob", sequence: fold.events.last!.sequence, change: "edited 'b' (description)")) {
            try fold.undo("ana")
        }
        #expect(fold.later(than: revive).count == 1)

        // The tester deleted b; ana brought it back: the tester's delete cannot be undone at all
        // (the card exists), forced or not — an entry undo drops rather than a conflict.
        var (other, card) = try Self.deletedB()
        try other.revive(card.description, as: "ana")
        for force in [false, true] {
            #expect(throws: KanbanError.cannotUndo(action: "undo", reason: "card 'b' exists already")) {
                try other.undo("tester", force: force)
            }
        }
    }
}
