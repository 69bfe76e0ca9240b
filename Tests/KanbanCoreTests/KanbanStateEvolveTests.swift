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
        ]
        for payload in payloads { state.apply(payload, board: Self.board) }
        #expect(StateParts(state) == StateParts(before))
        // Events for a board that does not exist are ignored too.
        let otherBoard = BoardID(Identifier(high: 8, low: 8))
        state.apply(.columnAdded(ColumnAdded(column: ColumnSpec(id: nowhere, name: "n"), index: 0)), board: otherBoard)
        state.apply(.boardRenamed(BoardRenamed(from: "x", to: "y")), board: otherBoard)
        state.apply(.boardRemoved(BoardRemoved(name: "x", columns: [])), board: otherBoard)
        #expect(StateParts(state) == StateParts(before))
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
            board: Self.board, payload: .boardCreated(BoardCreated(name: "b", columns: []))
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
