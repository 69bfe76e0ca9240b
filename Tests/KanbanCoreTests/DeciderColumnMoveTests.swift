import KanbanCore
import Testing

/// `columns move`: what ``Decider`` decides for ``Command/moveColumn(board:column:index:)``, its
/// undo and redo, and restore putting a moved column back.
struct DeciderColumnMoveTests {
    static func columns(_ fold: Fold, board: String = DefaultBoard.name) -> [String] {
        fold.state.board(named: board)!.columns.map { fold.state.columns[$0]!.name }
    }

    /// A board with TODO, DOING, DONE and a card in each of the first two.
    static func board() throws -> Fold {
        var fold = Fold()
        try fold.add("a")
        try fold.add("b", column: "DOING")
        return fold
    }

    @Test("A column goes to the index given; the others keep their order and every card stays", arguments: [
        ("DOING", 0, ["DOING", "TODO", "DONE"]), ("todo", 2, ["DOING", "DONE", "TODO"]),
        ("Done", 0, ["DONE", "TODO", "DOING"]), (" doing ", 2, ["TODO", "DONE", "DOING"]),
    ])
    func move(column: String, index: Int, expected: [String]) throws {
        var fold = try Self.board()
        let events = try fold.run(.moveColumn(board: "main", column: column, index: index))
        #expect(Self.columns(fold) == expected)
        guard case .columnMoved(let moved)? = events.first?.payload, events.count == 1 else {
            Issue.record("not one column move: \(events)")
            return
        }
        #expect(moved.column.name == expected[index])
        #expect(moved.fromIndex == ["TODO", "DOING", "DONE"].firstIndex(of: moved.column.name))
        #expect(moved.toIndex == index)
        #expect(fold.titles("TODO") == ["a"] && fold.titles("DOING") == ["b"])
    }

    @Test("Moving a column to where it is decides nothing")
    func noOp() throws {
        var fold = try Self.board()
        #expect(try fold.run(.moveColumn(board: "main", column: "DOING", index: 1)).isEmpty)
        #expect(Self.columns(fold) == ["TODO", "DOING", "DONE"])
    }

    @Test("An index outside the list, an unknown column or board is rejected and decides nothing", arguments: [-1, 3, Int.max, Int.min])
    func rejected(index: Int) throws {
        var fold = try Self.board()
        let before = fold.events.count
        #expect(throws: KanbanError.indexOutOfRange(index, column: "list of main", maximum: 2)) {
            try fold.run(.moveColumn(board: "main", column: "DOING", index: index))
        }
        #expect(throws: KanbanError.unknownColumn("Review", board: "main")) {
            try fold.run(.moveColumn(board: "main", column: "Review", index: 0))
        }
        #expect(throws: KanbanError.unknownBoard("Side")) {
            try fold.run(.moveColumn(board: "Side", column: "DOING", index: 0))
        }
        #expect(fold.events.count == before)
        #expect(KanbanError.indexOutOfRange(3, column: "list of main", maximum: 2).description
            == "index 3 is out of range for column list of main (0...2)")
    }

    @Test("Undo moves the column back to its old index, redo moves it again, whoever moved others since")
    func undoAndRedo() throws {
        var fold = try Self.board()
        try fold.run(.moveColumn(board: "main", column: "DONE", index: 0), as: "ana")
        #expect(Self.columns(fold) == ["DONE", "TODO", "DOING"])
        // bob moves another column: column actions are undone whenever they still can be.
        try fold.run(.moveColumn(board: "main", column: "DOING", index: 1), as: "bob")
        #expect(Self.columns(fold) == ["DONE", "DOING", "TODO"])
        let undo = try fold.undo("ana")
        guard case .undone(let undone) = undo.payload, case .columnMoved(let back) = undone.compensation else {
            Issue.record("no compensating column move: \(undo)")
            return
        }
        #expect(back.fromIndex == 0 && back.toIndex == 2)
        #expect(Self.columns(fold) == ["DOING", "TODO", "DONE"])
        try fold.redo("ana")
        #expect(Self.columns(fold) == ["DONE", "DOING", "TODO"])
    }

    @Test("Undoing a column move after the column was removed is refused; an old index past the end is clamped")
    func undoEdges() throws {
        var fold = Fold()
        try fold.run(.addColumn(board: "main", name: "Review"))
        try fold.run(.moveColumn(board: "main", column: "Review", index: 0), as: "ana")
        try fold.run(.removeColumn(board: "main", column: "DONE"), as: "bob")
        // Review was at 3; the list now has 3 columns, so it goes back to the end.
        try fold.undo("ana")
        #expect(Self.columns(fold) == ["TODO", "DOING", "Review"])
        try fold.redo("ana")
        try fold.run(.removeColumn(board: "main", column: "Review"), as: "bob")
        #expect(throws: KanbanError.cannotUndo(action: "undo", reason: "column 'Review' no longer exists")) {
            try fold.undo("ana", force: true)
        }
    }

    @Test("Restore puts moved columns back in their old order, and its undo moves them again")
    func restore() throws {
        var fold = try Self.board()
        try fold.run(.addColumn(board: "main", name: "Review", index: 3))
        let past = fold.state
        let sequence = fold.state.lastSequence
        try fold.run(.moveColumn(board: "main", column: "Review", index: 0))
        try fold.run(.moveColumn(board: "main", column: "TODO", index: 3))
        try fold.run(.addColumn(board: "main", name: "Later", index: 1))
        try fold.run(.removeColumn(board: "main", column: "DONE"))
        let moved = Self.columns(fold)
        #expect(moved == ["Review", "Later", "DOING", "TODO"])
        let decided = try #require(try Decider.restore(board: "main", to: past, sequence: sequence, timestamp: Timestamp(millisecondsSinceEpoch: 0), in: fold.state))
        _ = fold.append(decided, actor: "tester")
        #expect(Self.columns(fold) == ["TODO", "DOING", "DONE", "Review"])
        #expect(fold.titles("TODO") == ["a"] && fold.titles("DOING") == ["b"])
        try fold.undo("tester")
        #expect(Self.columns(fold) == moved)
    }
}
