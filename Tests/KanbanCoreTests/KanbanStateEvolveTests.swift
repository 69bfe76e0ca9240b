import KanbanCore
import Testing

/// Applying events: facts are applied as they are; one that refers to something no longer
/// there changes nothing rather than failing.
struct KanbanStateEvolveTests {
    static let board = BoardID(Identifier(high: 1, low: 1))
    static let todo = ColumnID(Identifier(high: 2, low: 1))
    static let done = ColumnID(Identifier(high: 2, low: 2))

    static func created() -> KanbanState {
        var state = KanbanState()
        state.apply(.boardCreated(BoardCreated(name: "b", columns: [ColumnSpec(id: todo, name: "TODO"), ColumnSpec(id: done, name: "DONE")])), board: board)
        return state
    }

    static func card(_ low: UInt64, in column: ColumnID = todo, key: Int64 = 0) -> Card {
        Card(id: CardID(Identifier(high: 3, low: low)), column: column, key: OrderKey(integer: key), title: "card \(low)")
    }

    @Test("Events that refer to missing cards, columns or boards change nothing", arguments: [true, false])
    func danglingEventsAreIgnored(indexed: Bool) {
        var state = Self.created()
        if indexed { state.buildOrderIndex() }
        state.apply(.cardAdded(CardAdded(card: Self.card(1), index: 0)), board: Self.board)
        let before = state
        let ghost = CardID(Identifier(high: 9, low: 9))
        let nowhere = ColumnID(Identifier(high: 9, low: 9))
        let payloads: [EventPayload] = [
            .cardEdited(CardEdited(card: ghost, title: "x", titleChange: Change(old: "a", new: "x"))),
            .cardMoved(CardMoved(card: ghost, title: "x", from: Self.todo, fromIndex: 0, to: Self.done, toIndex: 0, key: .middle)),
            .cardDeleted(CardDeleted(card: Card(id: ghost, column: Self.todo, key: .middle, title: "x"), index: 0)),
            .cardAdded(CardAdded(card: Card(id: ghost, column: nowhere, key: .middle, title: "x"), index: 0)),
            // A card that exists already is not added twice.
            .cardAdded(CardAdded(card: Self.card(1, key: 5), index: 1)),
            .boardCreated(BoardCreated(name: "again", columns: [])),
            .columnAdded(ColumnAdded(column: ColumnSpec(id: Self.todo, name: "dup"), index: 0)),
            .columnRenamed(ColumnRenamed(column: nowhere, from: "a", to: "b")),
            .columnMoved(ColumnMoved(column: ColumnSpec(id: nowhere, name: "n"), fromIndex: 0, toIndex: 1)),
            .cardRevived(CardRevived(card: Card(id: ghost, column: nowhere, key: .middle, title: "x"), index: 0)),
            // A card that is live is not brought back over itself.
            .cardRevived(CardRevived(card: Self.card(1, in: Self.done, key: 7), index: 0)),
        ]
        for payload in payloads { state.apply(payload, board: Self.board) }
        #expect(StateParts(state) == StateParts(before))
        // Events for a board that does not exist are ignored too.
        let otherBoard = BoardID(Identifier(high: 8, low: 8))
        state.apply(.columnAdded(ColumnAdded(column: ColumnSpec(id: nowhere, name: "n"), index: 0)), board: otherBoard)
        state.apply(.boardRenamed(BoardRenamed(from: "x", to: "y")), board: otherBoard)
        state.apply(.boardRemoved(BoardRemoved(name: "x", columns: [])), board: otherBoard)
        state.apply(.columnMoved(ColumnMoved(column: ColumnSpec(id: Self.todo, name: "TODO"), fromIndex: 0, toIndex: 1)), board: otherBoard)
        #expect(StateParts(state) == StateParts(before))
    }

    @Test("Whatever the log says, every board keeps a column of its own, so adding a card never traps")
    func everyBoardKeepsItsColumns() throws {
        var state = Self.created()
        let other = BoardID(Identifier(high: 1, low: 2))
        let own = ColumnID(Identifier(high: 2, low: 9))
        // A board whose columns are all another board's, or that has none, is not made.
        state.apply(.boardCreated(BoardCreated(name: "thief", columns: [ColumnSpec(id: Self.todo, name: "T")])), board: other)
        state.apply(.boardCreated(BoardCreated(name: "none", columns: [])), board: other)
        #expect(state.boards[other] == nil && state.boardsCreated == 1)
        // One with some ids taken (and one twice) gets only its own, once.
        state.apply(.boardCreated(BoardCreated(name: "side", columns: [
            ColumnSpec(id: Self.done, name: "D"), ColumnSpec(id: own, name: "Own"), ColumnSpec(id: own, name: "Again"),
        ])), board: other)
        #expect(state.boards[other]?.columns == [own])
        #expect(state.columns[own]?.name == "Own")
        #expect(state.columns[Self.done]?.board == Self.board && state.columns[Self.done]?.name == "DONE")
        // Removing another board's column, or a board's last one, changes nothing.
        let before = StateParts(state)
        state.apply(.columnRemoved(ColumnRemoved(column: ColumnSpec(id: Self.todo, name: "TODO"), index: 0)), board: other)
        state.apply(.columnRemoved(ColumnRemoved(column: ColumnSpec(id: own, name: "Own"), index: 0)), board: other)
        #expect(StateParts(state) == before)
        // So removing the second board leaves the first whole, and a card still finds a column.
        state.apply(.boardRemoved(BoardRemoved(name: "side", columns: [ColumnSpec(id: own, name: "Own")])), board: other)
        #expect(state.boards[Self.board]?.columns.allSatisfy { state.columns[$0]?.board == Self.board } == true)
        state.apply(.columnRemoved(ColumnRemoved(column: ColumnSpec(id: Self.todo, name: "TODO"), index: 0)), board: Self.board)
        state.apply(.columnRemoved(ColumnRemoved(column: ColumnSpec(id: Self.done, name: "DONE"), index: 0)), board: Self.board)
        #expect(state.boards[Self.board]?.columns == [Self.done])
        var ids = SeededGenerator(seed: 3)
        let events = try Decider.decide(.addCard(board: "b", title: "still fine"), in: state, ids: &ids)
        guard case .cardAdded(let added)? = events.first?.payload else {
            Issue.record("expected a cardAdded, got \(events)")
            return
        }
        #expect(added.card.column == Self.done)
    }

    @Test("A column added past the end is clamped to the end; negative to the start")
    func columnIndexClamped() {
        var state = Self.created()
        let late = ColumnID(Identifier(high: 4, low: 1))
        let early = ColumnID(Identifier(high: 4, low: 2))
        state.apply(.columnAdded(ColumnAdded(column: ColumnSpec(id: late, name: "late"), index: 99)), board: Self.board)
        state.apply(.columnAdded(ColumnAdded(column: ColumnSpec(id: early, name: "early"), index: -3)), board: Self.board)
        #expect(state.boards[Self.board]?.columns == [early, Self.todo, Self.done, late])
    }

    @Test("A column moved goes to its index among the others; past the end is clamped to the end, negative to the start")
    func columnMoved() {
        var state = Self.created()
        let third = ColumnID(Identifier(high: 4, low: 3))
        state.apply(.columnAdded(ColumnAdded(column: ColumnSpec(id: third, name: "third"), index: 2)), board: Self.board)
        func move(_ column: ColumnID, to index: Int) {
            state.apply(.columnMoved(ColumnMoved(column: ColumnSpec(id: column, name: "?"), fromIndex: 0, toIndex: index)), board: Self.board)
        }
        move(Self.todo, to: 1)
        #expect(state.boards[Self.board]?.columns == [Self.done, Self.todo, third])
        move(third, to: 0)
        #expect(state.boards[Self.board]?.columns == [third, Self.done, Self.todo])
        move(third, to: 99)
        #expect(state.boards[Self.board]?.columns == [Self.done, Self.todo, third])
        move(Self.todo, to: -5)
        #expect(state.boards[Self.board]?.columns == [Self.todo, Self.done, third])
        // The columns themselves (names, cards) are untouched.
        #expect(state.columns[Self.todo]?.name == "TODO")
    }

    @Test("A card brought back stands in its column with its fields, as an added one", arguments: [true, false])
    func cardRevived(indexed: Bool) {
        var state = Self.created()
        if indexed { state.buildOrderIndex() }
        state.apply(.cardAdded(CardAdded(card: Self.card(1, key: 0), index: 0)), board: Self.board)
        var card = Self.card(2, in: Self.todo, key: -1)
        card.description = "notes"
        card.due = .day(CalendarDay(daysSinceEpoch: 20_000))
        state.apply(.cardRevived(CardRevived(card: card, index: 0)), board: Self.board)
        #expect(state.cards[card.id] == card)
        #expect(state.cards(in: Self.todo).map(\.id) == [card.id, Self.card(1).id])
        #expect(state.cardCount(in: Self.todo) == 2)
    }

    @Test("Replay's fast path folds a revive and a column move as apply does, and records them as actions", arguments: [true, false])
    func fastPath(indexed: Bool) throws {
        var fold = Fold()
        let id = try fold.add("a", due: .day(CalendarDay(daysSinceEpoch: 20_000)))
        try fold.add("b")
        try fold.run(.deleteCard(board: "main", card: id.description))
        try fold.revive(id.description, index: 1, as: "ana")
        try fold.run(.moveColumn(board: "main", column: "DONE", index: 0), as: "bob")
        try fold.undo("bob")
        var fast = KanbanState()
        if indexed { fast.buildOrderIndex() }
        for event in fold.events {
            let timestamp = try EventCodec.encode(event).withUnsafeBytes { buffer in
                try fast.apply(encoded: buffer, sequence: event.sequence)
            }
            #expect(timestamp == event.timestamp)
        }
        #expect(StateParts(fast) == StateParts(fold.state))
        #expect(fast.undoStacks == fold.state.undoStacks)
        #expect(fast.undoStacks.undoStack(for: "ana") == [fold.events[fold.events.count - 3].sequence])
        #expect(fold.titles("TODO") == ["b", "a"])
    }

    @Test("Card counts follow adds, moves and deletes")
    func cardCounts() {
        var state = Self.created()
        state.apply(.cardAdded(CardAdded(card: Self.card(1), index: 0)), board: Self.board)
        state.apply(.cardAdded(CardAdded(card: Self.card(2, key: 1), index: 1)), board: Self.board)
        state.apply(.cardMoved(CardMoved(card: Self.card(1).id, title: "", from: Self.todo, fromIndex: 0, to: Self.done, toIndex: 0, key: .middle)), board: Self.board)
        #expect(state.cardCount(in: Self.todo) == 1)
        #expect(state.cardCount(in: Self.done) == 1)
        state.apply(.cardDeleted(CardDeleted(card: Self.card(2, key: 1), index: 0)), board: Self.board)
        #expect(state.cardCount(in: Self.todo) == 0)
        #expect(state.cards.count == 1)
    }

    @Test("lastSequence follows the events applied")
    func lastSequence() {
        var state = KanbanState()
        #expect(state.lastSequence == 0)
        state.apply(RecordedEvent(
            sequence: 41, timestamp: Timestamp(millisecondsSinceEpoch: 0), actor: "a", id: EventID(Identifier(high: 0, low: 1)),
            board: Self.board, payload: .boardCreated(BoardCreated(name: "b", columns: [ColumnSpec(id: Self.todo, name: "TODO")]))
        ))
        #expect(state.lastSequence == 41)
        #expect(state.boardsCreated == 1)
    }
}

/// The parts of a state tests compare (``KanbanState`` is not `Equatable`).
struct StateParts: Equatable {
    let boards: [BoardID: Board]
    let boardOrder: [BoardID]
    let columns: [ColumnID: Column]
    let cards: [CardID: Card]
    let order: [ColumnID: [OrderedSlot]]

    init(_ state: KanbanState) {
        boards = state.boards
        boardOrder = state.boardOrder
        columns = state.columns
        cards = Dictionary(uniqueKeysWithValues: state.cards.values.map { ($0.id, $0) })
        order = Dictionary(uniqueKeysWithValues: state.columns.keys.map { ($0, state.order(of: $0).slots) })
    }
}
