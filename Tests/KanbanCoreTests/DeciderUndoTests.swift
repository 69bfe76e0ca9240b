import KanbanCore
import Testing

/// What ``Decider/undo(_:actor:later:force:in:)`` and ``Decider/redo(_:actor:later:force:in:)``
/// decide: the compensation of every kind of action, the conflict rule, and the refusals.
/// The engine's end-to-end behaviour is in `KanbanEngineUndoTests`.
struct DeciderUndoTests {
    // MARK: Changed fields

    static let cardID = CardID(Identifier(high: 7, low: 7))
    static let column = ColumnID(Identifier(high: 0, low: 1))
    static let card = Card(id: cardID, column: column, key: .middle, title: "X")
    static let edit = CardEdited(card: cardID, title: "X")

    @Test("The fields each kind of event changes", arguments: [
        (EventPayload.cardAdded(CardAdded(card: card, index: 0)), ChangedFields.all),
        (.cardDeleted(CardDeleted(card: card, index: 0)), .all),
        (.cardMoved(CardMoved(card: cardID, title: "X", from: column, fromIndex: 0, to: column, toIndex: 1, key: .middle)), .position),
        (.cardEdited(CardEdited(card: cardID, title: "Y", titleChange: Change(old: "X", new: "Y"))), .title),
        (.cardEdited(CardEdited(card: cardID, title: "X", descriptionChange: Change(old: "", new: "d"))), .description),
        (.cardEdited(CardEdited(card: cardID, title: "X", dueChange: Change(old: nil, new: .day(CalendarDay(daysSinceEpoch: 1))))), .due),
        (.cardEdited(CardEdited(
            card: cardID, title: "Y", titleChange: Change(old: "X", new: "Y"), dueChange: Change(old: .day(CalendarDay(daysSinceEpoch: 1)), new: nil)
        )), [.title, .due]),
        (.cardEdited(edit), []),
        (.boardCreated(BoardCreated(name: "b", columns: [])), []),
        (.boardRenamed(BoardRenamed(from: "a", to: "b")), []),
        (.columnRemoved(ColumnRemoved(column: ColumnSpec(id: column, name: "c"), index: 0)), []),
        // An undo or a redo changes what its compensation or effect changes.
        (.undone(Undone(
            target: 1, undid: .cardAdded(CardAdded(card: card, index: 0)),
            compensation: .cardMoved(CardMoved(card: cardID, title: "X", from: column, fromIndex: 0, to: column, toIndex: 1, key: .middle))
        )), .position),
        (.redone(Redone(
            target: 1, redid: .cardAdded(CardAdded(card: card, index: 0)),
            effect: .cardEdited(CardEdited(card: cardID, title: "X", descriptionChange: Change(old: "", new: "d")))
        )), .description),
    ] as [(EventPayload, ChangedFields)])
    func changedFields(payload: EventPayload, expected: ChangedFields) {
        #expect(ChangedFields(of: payload) == expected)
    }

    @Test("All the fields are title, description, due date, position and every detail")
    func allFields() {
        #expect(ChangedFields.all == [.title, .description, .due, .position, .assignees, .labels, .dueDone, .checklist, .comments, .links])
        #expect(ChangedFields.title.isDisjoint(with: .position))
        #expect(!ChangedFields.all.isDisjoint(with: .due))
    }

    // MARK: The conflict rule, on explicit later events

    /// ana adds "Fix login" and moves it to DOING; returns the fold and the card.
    static func moved() throws -> (Fold, CardID) {
        var fold = Fold()
        let id = try fold.add("Fix login")
        try fold.run(.moveCard(board: "main", card: id.description, column: "DOING"), as: "ana")
        return (fold, id)
    }

    @Test("Only another actor's later change of the same field of the same card conflicts, and the first one is named")
    func explicitLater() throws {
        var (fold, id) = try Self.moved()
        let move = fold.events.last!
        let other = try fold.add("other")
        // bob edits the title (another field), ana moves it on (herself), bob moves another card.
        try fold.run(.editCard(board: "main", card: id.description, title: "Fix sign-in"), as: "bob")
        try fold.run(.moveCard(board: "main", card: id.description, column: "DONE"), as: "ana")
        try fold.run(.moveCard(board: "main", card: other.description, column: "DONE"), as: "bob")
        let harmless = Array(fold.events.suffix(3))
        #expect(throws: Never.self) {
            try Decider.undo(move, actor: "ana", later: harmless, force: false, in: fold.state)
        }
        // Now bob and then cy move it: bob's move is the one named.
        try fold.run(.moveCard(board: "main", card: id.description, column: "TODO"), as: "bob")
        try fold.run(.moveCard(board: "main", card: id.description, column: "DOING"), as: "cy")
        let later = fold.later(than: move)
        #expect(throws: KanbanError.undoConflict(action: "undo", actor: "bob", sequence: fold.events[fold.events.count - 2].sequence,
                                                 change: "moved 'Fix sign-in' to TODO")) {
            try Decider.undo(move, actor: "ana", later: later, force: false, in: fold.state)
        }
        // Forced, the move is undone anyway: back to TODO at index 0, from DOING.
        let forced = try Decider.undo(move, actor: "ana", later: later, force: true, in: fold.state)
        guard case .undone(let undone) = forced.payload, case .cardMoved(let back) = undone.compensation else {
            Issue.record("no compensating move: \(forced)")
            return
        }
        #expect(undone.target == move.sequence)
        #expect(undone.undid == move.payload)
        #expect(fold.state.columns[back.from]?.name == "DOING")
        #expect(fold.state.columns[back.to]?.name == "TODO")
        #expect(back.toIndex == 0)
    }

    @Test("The conflict names the change in words", arguments: [
        ("move", "moved 'Fix login' to DONE"),
        ("edit", "edited 'Renamed' (title, due date)"),
        ("describe", "edited 'Fix login' (description)"),
        ("delete", "deleted 'Fix login'"),
    ])
    func conflictSummary(change: String, expected: String) throws {
        var fold = Fold()
        let id = try fold.add("Fix login")
        let reference = id.description
        try fold.run(.moveCard(board: "main", card: reference, column: "DOING"))
        let move = fold.events.last!
        switch change {
        case "move": try fold.run(.moveCard(board: "main", card: reference, column: "DONE"), as: "bob")
        case "edit": try fold.run(.editCard(board: "main", card: reference, title: "Renamed", due: .set(.day(CalendarDay(daysSinceEpoch: 9)))), as: "bob")
        case "describe": try fold.run(.editCard(board: "main", card: reference, description: "more"), as: "bob")
        default:
            // A delete is a conflict only while the undo can still apply: here bob undid it since.
            try fold.run(.deleteCard(board: "main", card: reference), as: "bob")
            try fold.undo("bob")
        }
        let conflicting = change == "delete" ? fold.events[fold.events.count - 2] : fold.events.last!
        // Title and description edits do not touch the position: undo the add against them instead.
        let target = change == "move" || change == "delete" ? move : fold.events[Int(move.sequence) - 2]
        #expect(throws: KanbanError.undoConflict(action: "undo", actor: "bob", sequence: conflicting.sequence, change: expected)) {
            try Decider.undo(target, actor: "tester", later: fold.later(than: target), force: false, in: fold.state)
        }
    }

    @Test("The conflict error says who, what, when and how to override it")
    func conflictMessage() {
        let error = KanbanError.undoConflict(action: "undo", actor: "bob", sequence: 812, change: "moved 'Fix login' to DONE")
        #expect(error.description == "cannot undo: bob moved 'Fix login' to DONE since (#812); undo would overwrite it (use --force to undo anyway)")
        let redo = KanbanError.undoConflict(action: "redo", actor: "bob", sequence: 9, change: "deleted 'X'")
        #expect(redo.description == "cannot redo: bob deleted 'X' since (#9); redo would overwrite it (use --force to redo anyway)")
        #expect(KanbanError.nothingToUndo(actor: "ana").description == "nothing to undo for ana")
        #expect(KanbanError.nothingToRedo(actor: "ana").description == "nothing to redo for ana")
        #expect(KanbanError.cannotUndo(action: "undo", reason: "board 'x' holds 1 card").description == "cannot undo: board 'x' holds 1 card")
    }

    // MARK: Compensations

    @Test("Undoing an add deletes the card as it is now; redoing adds it back where it was")
    func undoAdd() throws {
        var fold = Fold()
        try fold.add("a")
        try fold.add("c")
        let id = try fold.add("b", index: 1)
        try fold.run(.editCard(board: "main", card: id.description, description: "later"), as: "bob")
        try fold.run(.editCard(board: "main", card: id.description, title: "b2"))
        // The add's undo is refused (bob described it); undo the tester's edit, then force.
        try fold.undo("tester")
        let undo = try fold.undo("tester", force: true)
        guard case .undone(let undone) = undo.payload, case .cardDeleted(let deleted) = undone.compensation else {
            Issue.record("not a delete: \(undo)")
            return
        }
        #expect(deleted.card.id == id)
        #expect(deleted.card.title == "b")
        #expect(deleted.card.description == "later")
        #expect(deleted.index == 1)
        #expect(fold.titles("TODO") == ["a", "c"])
        try fold.redo("tester")
        #expect(fold.titles("TODO") == ["a", "b", "c"])
        #expect(fold.state.cards[id]?.description == "later")
    }

    @Test("Undoing a delete brings the card back with its id, fields and index")
    func undoDelete() throws {
        var fold = Fold()
        for title in ["a", "b", "c", "d"] { try fold.add(title) }
        let due = Due.moment(Timestamp(millisecondsSinceEpoch: 1_800_000_000_000))
        let id = try fold.add("gone", index: 2, due: due)
        try fold.run(.editCard(board: "main", card: id.description, description: "keep me"))
        let before = fold.state.cards[id]!
        try fold.run(.deleteCard(board: "main", card: String(id.description.prefix(8))))
        #expect(fold.titles("TODO") == ["a", "b", "c", "d"])
        let undo = try fold.undo("tester")
        guard case .undone(let undone) = undo.payload, case .cardAdded(let added) = undone.compensation else {
            Issue.record("not an add: \(undo)")
            return
        }
        #expect(added.index == 2)
        #expect(added.card.id == id)
        #expect(fold.titles("TODO") == ["a", "b", "gone", "c", "d"])
        let after = fold.state.cards[id]!
        #expect(after.title == before.title && after.description == "keep me" && after.due == due && after.column == before.column)
    }

    @Test("Undoing a delete after its column became shorter puts the card at the end")
    func undoDeleteShorterColumn() throws {
        var fold = Fold()
        let ids = try ["a", "b", "c"].map { title throws(KanbanError) in try fold.add(title) }
        try fold.run(.deleteCard(board: "main", card: ids[2].description))
        try fold.run(.deleteCard(board: "main", card: ids[0].description), as: "bob")
        try fold.undo("tester")
        #expect(fold.titles("TODO") == ["b", "c"])
    }

    @Test("Undoing an edit restores only the fields it changed, old and new swapped")
    func undoEdit() throws {
        var fold = Fold()
        let id = try fold.add("Title", due: .day(CalendarDay(daysSinceEpoch: 10)))
        try fold.run(.editCard(board: "main", card: id.description, title: "New", due: .remove))
        // bob changes the description since: another field, no conflict.
        try fold.run(.editCard(board: "main", card: id.description, description: "bob's"), as: "bob")
        let undo = try fold.undo("tester")
        guard case .undone(let undone) = undo.payload, case .cardEdited(let reversed) = undone.compensation else {
            Issue.record("not an edit: \(undo)")
            return
        }
        #expect(reversed.titleChange == Change(old: "New", new: "Title"))
        #expect(reversed.title == "Title")
        #expect(reversed.descriptionChange == nil)
        #expect(reversed.dueChange == Change(old: nil, new: .day(CalendarDay(daysSinceEpoch: 10))))
        let card = fold.state.cards[id]!
        #expect(card.title == "Title" && card.description == "bob's" && card.due == .day(CalendarDay(daysSinceEpoch: 10)))
        try fold.redo("tester")
        #expect(fold.state.cards[id]!.title == "New" && fold.state.cards[id]!.due == nil && fold.state.cards[id]!.description == "bob's")
    }

    @Test("Undoing a move or a reorder puts the card back at its column and index")
    func undoMove() throws {
        var fold = Fold()
        let ids = try ["a", "b", "c"].map { title throws(KanbanError) in try fold.add(title) }
        try fold.add("x", column: "DOING")
        try fold.run(.moveCard(board: "main", card: ids[1].description, column: "doing", index: 0))
        #expect(fold.titles("TODO") == ["a", "c"] && fold.titles("DOING") == ["b", "x"])
        try fold.run(.moveCard(board: "main", card: ids[0].description, column: "todo", index: 1))
        #expect(fold.titles("TODO") == ["c", "a"])
        try fold.undo("tester")
        #expect(fold.titles("TODO") == ["a", "c"])
        try fold.undo("tester")
        #expect(fold.titles("TODO") == ["a", "b", "c"] && fold.titles("DOING") == ["x"])
        try fold.redo("tester")
        try fold.redo("tester")
        #expect(fold.titles("TODO") == ["c", "a"] && fold.titles("DOING") == ["b", "x"])
    }

    @Test("Board and column actions are undone and redone")
    func boardsAndColumns() throws {
        var fold = Fold()
        try fold.add("a")
        try fold.run(.createBoard(name: "Side", columns: ["One", "Two"]))
        try fold.run(.renameBoard(board: "side", to: "Ops"))
        try fold.run(.addColumn(board: "main", name: "Review", index: 1))
        try fold.run(.renameColumn(board: "main", column: "review", to: "QA"))
        try fold.run(.removeColumn(board: "main", column: "DONE"))
        func columns() -> [String] { fold.main.columns.map { fold.state.columns[$0]!.name } }
        #expect(columns() == ["TODO", "QA", "DOING"])
        try fold.undo("tester")
        #expect(columns() == ["TODO", "QA", "DOING", "DONE"])
        try fold.undo("tester")
        #expect(columns() == ["TODO", "Review", "DOING", "DONE"])
        try fold.undo("tester")
        #expect(columns() == ["TODO", "DOING", "DONE"])
        try fold.undo("tester")
        #expect(fold.state.board(named: "Side") != nil && fold.state.board(named: "Ops") == nil)
        try fold.undo("tester")
        #expect(fold.state.board(named: "Side") == nil)
        for _ in 0..<5 { try fold.redo("tester") }
        #expect(columns() == ["TODO", "QA", "DOING"])
        let ops = try #require(fold.state.board(named: "Ops"))
        #expect(ops.columns.map { fold.state.columns[$0]!.name } == ["One", "Two"])
    }

    @Test("Board and column actions that cannot apply any more are refused, even forced")
    func cannotUndo() throws {
        // Undoing a board's creation once it holds a card (even forced).
        var fold = Fold()
        try fold.add("a")
        try fold.run(.createBoard(name: "Side"))
        try fold.run(.addCard(board: "side", title: "card"), as: "bob")
        #expect(throws: KanbanError.cannotUndo(action: "undo", reason: "board 'Side' holds 1 card")) { try fold.undo("tester", force: true) }

        // Undoing a rename once another board took the old name.
        fold = Fold()
        try fold.add("a")
        try fold.run(.renameBoard(board: "main", to: "Main board"))
        try fold.run(.createBoard(name: "main"), as: "bob")
        #expect(throws: KanbanError.cannotUndo(action: "undo", reason: "a board named 'main' exists")) { try fold.undo("tester") }

        // Undoing a column's addition once it holds cards; a removal once the name is taken.
        fold = Fold()
        try fold.add("a")
        try fold.run(.addColumn(board: "main", name: "Review"))
        try fold.run(.addCard(board: "main", title: "c", column: "review"), as: "bob")
        #expect(throws: KanbanError.cannotUndo(action: "undo", reason: "column 'Review' holds 1 card")) { try fold.undo("tester") }
        fold = Fold()
        try fold.add("a")
        try fold.run(.removeColumn(board: "main", column: "DONE"))
        try fold.run(.addColumn(board: "main", name: "done"), as: "bob")
        #expect(throws: KanbanError.cannotUndo(action: "undo", reason: "board 'main' has a column named 'DONE'")) { try fold.undo("tester") }

        // A card's delete cannot be undone once its column is gone.
        fold = Fold()
        let id = try fold.add("x", column: "DONE")
        try fold.run(.deleteCard(board: "main", card: id.description))
        try fold.run(.removeColumn(board: "main", column: "DONE"), as: "bob")
        #expect(throws: KanbanError.cannotUndo(action: "undo", reason: "column 'DONE' was removed")) { try fold.undo("tester") }

        // A forced undo of an edit to a card someone deleted since.
        fold = Fold()
        let gone = try fold.add("y")
        try fold.run(.editCard(board: "main", card: gone.description, title: "y2"))
        try fold.run(.deleteCard(board: "main", card: gone.description), as: "bob")
        // Not a conflict (--force could not help): the undo cannot apply at all.
        #expect(throws: KanbanError.cannotUndo(action: "undo", reason: "card 'y2' no longer exists")) { try fold.undo("tester") }
        #expect(throws: KanbanError.cannotUndo(action: "undo", reason: "card 'y2' no longer exists")) { try fold.undo("tester", force: true) }
    }

    /// Refusals and conflicts name a column gone since by the name it had when it was removed
    /// (they once named the card where the column belongs, or said "?").
    @Test("A move out of a removed column, or back into one, names the column as it was")
    func removedColumnsByName() throws {
        var fold = Fold()
        try fold.run(.addColumn(board: "main", name: "X"), as: "setup")
        try fold.run(.renameColumn(board: "main", column: "X", to: "Ideas"), as: "setup")
        let t = try fold.add("T", column: "Ideas")
        try fold.run(.moveCard(board: "main", card: t.description, column: "DOING"))
        try fold.run(.removeColumn(board: "main", column: "Ideas"), as: "bob")
        #expect(throws: KanbanError.cannotUndo(action: "undo", reason: "column 'Ideas' was removed")) { try fold.undo("tester", force: true) }
        // Without the names, the column is still not taken for the card.
        let target = fold.events[fold.events.count - 2]
        #expect(throws: KanbanError.cannotUndo(action: "undo", reason: "its column was removed")) {
            try Decider.undo(target, actor: "tester", later: [], force: true, in: fold.state)
        }

        // Redo: the undo put the card back in a column removed since.
        fold = Fold()
        try fold.run(.addColumn(board: "main", name: "Later"), as: "setup")
        let u = try fold.add("U")
        try fold.run(.moveCard(board: "main", card: u.description, column: "Later"))
        try fold.undo("tester")
        try fold.run(.removeColumn(board: "main", column: "Later"), as: "bob")
        #expect(throws: KanbanError.cannotUndo(action: "redo", reason: "column 'Later' was removed")) { try fold.redo("tester", force: true) }

        // A conflict names the column the other actor moved the card to, removed since.
        fold = Fold()
        try fold.run(.addColumn(board: "main", name: "Side"), as: "setup")
        let v = try fold.add("V")
        try fold.run(.moveCard(board: "main", card: v.description, column: "DOING"))
        try fold.run(.moveCard(board: "main", card: v.description, column: "Side"), as: "bob")
        let bobs = fold.events.last!.sequence
        try fold.run(.moveCard(board: "main", card: v.description, column: "DONE"), as: "bob")
        try fold.run(.removeColumn(board: "main", column: "Side"), as: "bob")
        #expect(throws: KanbanError.undoConflict(action: "undo", actor: "bob", sequence: bobs, change: "moved 'V' to Side")) { try fold.undo("tester") }
    }

    @Test("Redo refuses an event that is not an undo")
    func redoNonUndo() throws {
        var fold = Fold()
        try fold.add("a")
        #expect(throws: KanbanError.cannotUndo(action: "redo", reason: "event #2 is not an undo")) {
            try Decider.redo(fold.events[1], actor: "tester", later: [], force: false, in: fold.state)
        }
    }

    @Test("Redo conflicts with another actor's change since the undo, and --force overrides it")
    func redoConflict() throws {
        var fold = Fold()
        let id = try fold.add("Fix login")
        try fold.run(.moveCard(board: "main", card: id.description, column: "DOING"))
        try fold.undo("tester")
        try fold.run(.moveCard(board: "main", card: id.description, column: "DONE"), as: "bob")
        let bobs = fold.events.last!.sequence
        #expect(throws: KanbanError.undoConflict(action: "redo", actor: "bob", sequence: bobs, change: "moved 'Fix login' to DONE")) {
            try fold.redo("tester")
        }
        try fold.redo("tester", force: true)
        #expect(fold.titles("DOING") == ["Fix login"])
    }
}
