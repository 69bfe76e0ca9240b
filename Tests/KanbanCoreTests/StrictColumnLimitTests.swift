import KanbanCore
import Testing

/// A strict work in progress limit: the column refuses an add, a move into it or a revival into
/// it that would put it over; a plain limit only warns; undo, redo and restore are never refused.
struct StrictColumnLimitTests {
    /// DOING with a strict limit of 2 and two cards in it; TODO with one card.
    static func fullColumn() throws -> (fold: Fold, doing: [CardID], todo: CardID) {
        var fold = Fold()
        let todo = try fold.add("waiting")
        let doing = [try fold.add("busy 1", column: "DOING"), try fold.add("busy 2", column: "DOING")]
        try fold.run(.setStrictColumnLimit(board: "main", column: "DOING", limit: 2))
        return (fold, doing, todo)
    }

    static let full = KanbanError.columnFull("DOING", limit: 2)

    @Test("A full strict column refuses an add, a move into it and a revival into it, and nothing is appended")
    func refusals() throws {
        let setup = try Self.fullColumn()
        var fold = setup.fold
        let events = fold.events.count
        #expect(throws: Self.full) { try fold.add("one more", column: "doing") }
        #expect(throws: Self.full) { try fold.add("one more", column: "DOING", index: 0) }
        #expect(throws: Self.full) { try fold.run(.moveCard(board: "main", card: setup.todo.description, column: "DOING")) }
        try fold.run(.deleteCard(board: "main", card: setup.todo.description))
        #expect(throws: Self.full) { try fold.revive(setup.todo.description, column: "DOING") }
        #expect(fold.events.count == events + 1)
        #expect(Self.full.description == "column 'DOING' is full: its strict limit is 2 cards; move a card out or raise the limit first")
    }

    @Test("Under the limit a strict column takes cards; a move within it never counts; a revival to its old place is judged too")
    func underTheLimit() throws {
        let setup = try Self.fullColumn()
        var fold = setup.fold
        // A reorder inside the full column.
        try fold.run(.moveCard(board: "main", card: setup.doing[1].description, column: "DOING", index: 0))
        #expect(fold.titles("DOING") == ["busy 2", "busy 1"])
        // One out, one in.
        try fold.run(.moveCard(board: "main", card: setup.doing[0].description, column: "DONE"))
        try fold.run(.moveCard(board: "main", card: setup.todo.description, column: "DOING"))
        #expect(fold.titles("DOING") == ["busy 2", "waiting"])
        // A card deleted from the column, then the column filled: it cannot come back there.
        try fold.run(.deleteCard(board: "main", card: setup.doing[1].description))
        try fold.add("filler", column: "DOING")
        #expect(throws: Self.full) { try fold.revive(setup.doing[1].description) }
        try fold.revive(setup.doing[1].description, column: "TODO")
        #expect(fold.titles("TODO") == ["busy 2"])
    }

    @Test("A plain limit only warns: the column takes cards over it")
    func plainLimit() throws {
        var fold = Fold()
        try fold.add("a", column: "DOING")
        try fold.run(.setColumnLimit(board: "main", column: "DOING", limit: 1))
        try fold.add("b", column: "DOING")
        #expect(fold.titles("DOING") == ["a", "b"])
        // A strict limit made plain again stops refusing.
        try fold.run(.setStrictColumnLimit(board: "main", column: "DOING", limit: 2))
        #expect(throws: KanbanError.columnFull("DOING", limit: 2)) { try fold.add("c", column: "DOING") }
        try fold.run(.setColumnLimit(board: "main", column: "DOING", limit: 2))
        try fold.add("c", column: "DOING")
        #expect(fold.state.details(ofBoard: fold.main.id).strictLimits.isEmpty)
    }

    @Test("Undo and redo are not refused by the limit: they put back what was")
    func undoIsNotRefused() throws {
        let setup = try Self.fullColumn()
        var fold = setup.fold
        let (busy, waiting) = (setup.doing, setup.todo.description)
        // An undone delete puts the card back though another took its place.
        try fold.run(.deleteCard(board: "main", card: busy[0].description), as: "ana")
        let added = try fold.run(.addCard(board: "main", title: "took its place", column: "DOING"), as: "bo")
        guard case .cardAdded(let took)? = added.last?.payload else { Issue.record("no card added"); return }
        try fold.undo("ana")
        #expect(fold.titles("DOING").count == 3)
        // An undone move out puts the card back into the full column.
        try fold.run(.moveCard(board: "main", card: took.card.id.description, column: "DONE"), as: "bo")
        try fold.undo("bo")
        #expect(fold.titles("DOING").count == 3)
        try fold.redo("bo")
        // A redone move in puts the card in though the column filled up since.
        try fold.run(.moveCard(board: "main", card: busy[0].description, column: "DONE"), as: "chloé")
        try fold.run(.moveCard(board: "main", card: waiting, column: "DOING"), as: "chloé")
        try fold.undo("chloé")
        try fold.run(.moveCard(board: "main", card: took.card.id.description, column: "DOING"), as: "bo")
        #expect(throws: Self.full) { try fold.run(.moveCard(board: "main", card: waiting, column: "DOING"), as: "chloé") }
        try fold.redo("chloé")
        #expect(fold.titles("DOING") == ["busy 2", "waiting", "took its place"])
    }

    @Test("Undo of a limit gives back the limit and the strictness it replaced; redo makes it again")
    func undoLimit() throws {
        var fold = Fold()
        try fold.add("a")
        let doing = fold.state.column(named: "DOING", in: fold.main)!.id
        func limit() -> ColumnLimit? { fold.state.details(ofBoard: fold.main.id).limit(of: doing) }
        try fold.run(.setColumnLimit(board: "main", column: "DOING", limit: 3))
        try fold.run(.setStrictColumnLimit(board: "main", column: "DOING", limit: 2))
        // The same limit made strict, or plain, is a change; the same again is none.
        #expect(try fold.run(.setStrictColumnLimit(board: "main", column: "DOING", limit: 2)).isEmpty)
        try fold.run(.setStrictColumnLimit(board: "main", column: "DOING", limit: 3))
        #expect(limit() == ColumnLimit(3, strict: true))
        try fold.undo("tester")
        #expect(limit() == ColumnLimit(2, strict: true))
        try fold.undo("tester")
        #expect(limit() == ColumnLimit(3))
        try fold.undo("tester")
        #expect(limit() == nil)
        try fold.redo("tester")
        try fold.redo("tester")
        #expect(limit() == ColumnLimit(2, strict: true))
        var fresh = KanbanState()
        for event in fold.events { fresh.apply(event) }
        #expect(fresh.boardDetails == fold.state.boardDetails)
    }

    @Test("A restore puts cards back into a strict column over its limit")
    func restoreIsNotRefused() throws {
        var fold = Fold()
        let cards = [try fold.add("a", column: "DOING"), try fold.add("b", column: "DOING"), try fold.add("c", column: "DOING")]
        try fold.run(.setStrictColumnLimit(board: "main", column: "DOING", limit: 2))
        let past = fold.state
        let sequence = fold.state.lastSequence
        for card in cards.prefix(2) { try fold.run(.moveCard(board: "main", card: card.description, column: "DONE")) }
        try fold.add("d", column: "DOING")
        let decided = try #require(try Decider.restore(board: "main", to: past, sequence: sequence, timestamp: Timestamp(millisecondsSinceEpoch: 0), in: fold.state))
        _ = fold.append(decided, actor: "tester")
        #expect(fold.titles("DOING") == ["a", "b", "c"])
    }

    @Test("The board outline carries the strict limits, so an add decided on it is refused as the state refuses it")
    func outline() throws {
        let setup = try Self.fullColumn()
        var state = setup.fold.state
        state.buildOrderIndex()
        let outline = BoardOutline(of: state, lastTimestamp: Timestamp(millisecondsSinceEpoch: 0))
        let doing = state.column(named: "DOING", in: state.board(named: "main")!)!.id
        #expect(outline.strictLimits == [doing: 2])
        let bytes = OutlineCodec.encode(of: state, lastTimestamp: Timestamp(millisecondsSinceEpoch: 0))
        #expect(bytes.first == OutlineCodec.strictVersion)
        #expect(bytes == OutlineCodec.encode(outline))
        #expect(try bytes.withUnsafeBytes { try OutlineCodec.decode($0) } == outline)
        var ids = SeededGenerator(seed: 3)
        #expect(throws: Self.full) {
            try Decider.addCard(board: "main", title: "one more", description: "", due: nil, column: "DOING", in: outline, ids: &ids)
        }
        _ = try Decider.addCard(board: "main", title: "elsewhere", description: "", due: nil, column: "TODO", in: outline, ids: &ids)
        // Without strict limits the outline keeps layout 1, byte for byte.
        var plain = Fold()
        try plain.add("a")
        try plain.run(.setColumnLimit(board: "main", column: "DOING", limit: 1))
        plain.state.buildOrderIndex()
        #expect(OutlineCodec.encode(of: plain.state, lastTimestamp: Timestamp(millisecondsSinceEpoch: 0)).first == OutlineCodec.version)
    }

    @Test("A snapshot keeps strict limits in layout 3; a plain limit stays layout 2")
    func snapshot() throws {
        let state = try Self.fullColumn().fold.state
        #expect(StateCodec.version(of: state) == StateCodec.markedDetailsVersion)
        let bytes = StateCodec.encode(state)
        let decoded = try bytes.withUnsafeBytes { try StateCodec.decode($0, version: StateCodec.markedDetailsVersion) }
        #expect(decoded.boardDetails == state.boardDetails)
        var plain = Fold()
        try plain.add("a")
        try plain.run(.setColumnLimit(board: "main", column: "DOING", limit: 1))
        #expect(StateCodec.version(of: plain.state) == StateCodec.detailsVersion)
    }

    @Test("History says a limit is strict, in English, Korean and French")
    func wording() {
        let spec = ColumnSpec(id: ColumnID(Identifier(high: 0, low: 2)), name: "DOING")
        let strict = EventPayload.boardDetail(BoardDetailChanged(edit: .columnLimited(spec, Change(old: ColumnLimit(3), new: ColumnLimit(2, strict: true)))))
        let plain = EventPayload.boardDetail(BoardDetailChanged(edit: .columnLimited(spec, Change(old: nil, new: ColumnLimit(2)))))
        let expected: [HistoryLanguage: (String, String)] = [
            .english: ("Limited column 'DOING' to 2 cards, strictly: it refuses more.", "Limited column 'DOING' to 2 cards."),
            .korean: ("'DOING' 열의 카드 수를 2장으로 엄격히 제한했습니다: 그 이상은 받지 않습니다.", "'DOING' 열의 카드 수를 2장으로 제한했습니다."),
            .french: ("Colonne « DOING » limitée strictement à 2 cartes : elle en refuse davantage.", "Colonne « DOING » limitée à 2 cartes."),
        ]
        for language in HistoryLanguage.allCases {
            let wording = ActionWording(language: language)
            #expect(wording.line(for: strict) { _ in "" } == expected[language]?.0)
            #expect(wording.line(for: plain) { _ in "" } == expected[language]?.1)
        }
        let english = ActionWording(language: .english)
        #expect(english.imperative(for: strict) { _ in "" } == "Limit column 'DOING' to 2 cards, strictly")
    }
}
