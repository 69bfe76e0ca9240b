import KanbanCore
import Testing

/// Every invalid command is rejected with its ``KanbanError`` and decides nothing.
struct DeciderValidationTests {
    /// `main` with cards a, b, c in TODO and d in DONE, and an empty board `empty`.
    static func board() throws -> (fold: Fold, cards: [String: CardID]) {
        var fold = Fold()
        var cards: [String: CardID] = [:]
        for title in ["a", "b", "c"] { cards[title] = try fold.add(title) }
        cards["d"] = try fold.add("d", column: "DONE")
        try fold.run(.createBoard(name: "empty", columns: ["Only"]))
        return (fold, cards)
    }

    /// Expects `command` to be rejected with `error` on `fold`'s state.
    static func expectRejected(_ command: Command, with error: KanbanError, on fold: Fold, sourceLocation: SourceLocation = #_sourceLocation) {
        var ids = SeededGenerator(seed: 9)
        #expect(throws: error, sourceLocation: sourceLocation) { try Decider.decide(command, in: fold.state, ids: &ids) }
    }

    @Test("Unknown cards")
    func unknownCard() throws {
        let (fold, cards) = try Self.board()
        let stranger = Identifier(high: 1, low: 2).description
        Self.expectRejected(.editCard(board: "main", card: "nope", title: "x"), with: .unknownCard("nope"), on: fold)
        Self.expectRejected(.moveCard(board: "main", card: stranger, column: "DONE"), with: .unknownCard(stranger), on: fold)
        Self.expectRejected(.deleteCard(board: "main", card: ""), with: .unknownCard(""), on: fold)
        Self.expectRejected(.deleteCard(board: "main", card: "   "), with: .unknownCard("   "), on: fold)
        // A card of another board is unknown on this one.
        Self.expectRejected(.deleteCard(board: "empty", card: cards["a"]!.description), with: .unknownCard(cards["a"]!.description), on: fold)
    }

    @Test("Deleted cards are unknown")
    func deletedCard() throws {
        let (board, cards) = try Self.board()
        var fold = board
        let id = cards["b"]!.description
        try fold.run(.deleteCard(board: "main", card: id))
        Self.expectRejected(.deleteCard(board: "main", card: id), with: .unknownCard(id), on: fold)
        Self.expectRejected(.editCard(board: "main", card: id, title: "x"), with: .unknownCard(id), on: fold)
    }

    @Test("Empty and whitespace-only titles", arguments: ["", " ", "   \t\n", "\u{3000}", "\r\n"])
    func emptyTitle(title: String) throws {
        let (fold, cards) = try Self.board()
        Self.expectRejected(.addCard(board: "main", title: title), with: .emptyTitle, on: fold)
        Self.expectRejected(.editCard(board: "main", card: cards["a"]!.description, title: title), with: .emptyTitle, on: fold)
    }

    @Test("Titles: 200 characters are accepted, 201 are not (counted as characters, after trimming)")
    func titleLength() throws {
        let (board, cards) = try Self.board()
        var fold = board
        for unit in ["x", "é", "회", "👍🏽", "e\u{301}"] {
            let longest = String(repeating: unit, count: 200)
            #expect(throws: Never.self) { try fold.run(.addCard(board: "main", title: "  " + longest + "  ")) }
            let tooLong = String(repeating: unit, count: 201)
            Self.expectRejected(.addCard(board: "main", title: tooLong), with: .titleTooLong(length: 201), on: fold)
            Self.expectRejected(.editCard(board: "main", card: cards["a"]!.description, title: tooLong), with: .titleTooLong(length: 201), on: fold)
        }
        #expect(fold.state.cards.values.filter { $0.title.count == 200 }.count == 5)
    }

    @Test("Descriptions: 1,000 characters are accepted, 1,001 are not")
    func descriptionLength() throws {
        let (board, cards) = try Self.board()
        var fold = board
        for unit in ["d", "é", "회", "🎉"] {
            #expect(throws: Never.self) {
                try fold.run(.addCard(board: "main", title: "ok", description: String(repeating: unit, count: 1000)))
            }
            let tooLong = String(repeating: unit, count: 1001)
            Self.expectRejected(.addCard(board: "main", title: "t", description: tooLong), with: .descriptionTooLong(length: 1001), on: fold)
            Self.expectRejected(
                .editCard(board: "main", card: cards["a"]!.description, description: tooLong),
                with: .descriptionTooLong(length: 1001), on: fold
            )
        }
        #expect(fold.state.cards.values.filter { $0.description.count == 1000 }.count == 4)
    }

    @Test("Unknown columns")
    func unknownColumn() throws {
        let (fold, cards) = try Self.board()
        Self.expectRejected(.addCard(board: "main", title: "t", column: "Nope"), with: .unknownColumn("Nope", board: "main"), on: fold)
        Self.expectRejected(.moveCard(board: "main", card: cards["a"]!.description, column: "nope"), with: .unknownColumn("nope", board: "main"), on: fold)
        // A column of another board.
        Self.expectRejected(.moveCard(board: "main", card: cards["a"]!.description, column: "Only"), with: .unknownColumn("Only", board: "main"), on: fold)
        Self.expectRejected(.renameColumn(board: "main", column: "x", to: "y"), with: .unknownColumn("x", board: "main"), on: fold)
        Self.expectRejected(.removeColumn(board: "main", column: "x"), with: .unknownColumn("x", board: "main"), on: fold)
    }

    @Test("Indexes out of range")
    func indexOutOfRange() throws {
        let (fold, cards) = try Self.board()
        let a = cards["a"]!.description
        // TODO holds 3 cards: an add may land at 0...3.
        Self.expectRejected(.addCard(board: "main", title: "t", index: 4), with: .indexOutOfRange(4, column: "TODO", maximum: 3), on: fold)
        Self.expectRejected(.addCard(board: "main", title: "t", index: -1), with: .indexOutOfRange(-1, column: "TODO", maximum: 3), on: fold)
        Self.expectRejected(.addCard(board: "main", title: "t", index: .min), with: .indexOutOfRange(.min, column: "TODO", maximum: 3), on: fold)
        // Within its own column a card may go to 0...2 (counted without it).
        Self.expectRejected(.moveCard(board: "main", card: a, column: "TODO", index: 3), with: .indexOutOfRange(3, column: "TODO", maximum: 2), on: fold)
        Self.expectRejected(.moveCard(board: "main", card: a, column: "TODO", index: -1), with: .indexOutOfRange(-1, column: "TODO", maximum: 2), on: fold)
        // DONE holds 1: another card may go to 0...1.
        Self.expectRejected(.moveCard(board: "main", card: a, column: "DONE", index: 2), with: .indexOutOfRange(2, column: "DONE", maximum: 1), on: fold)
        Self.expectRejected(.addColumn(board: "main", name: "New", index: 4), with: .indexOutOfRange(4, column: "list of main", maximum: 3), on: fold)
        Self.expectRejected(.addColumn(board: "main", name: "New", index: -1), with: .indexOutOfRange(-1, column: "list of main", maximum: 3), on: fold)
    }

    @Test("A prefix shared by several cards is ambiguous")
    func ambiguousPrefix() throws {
        var fold = Fold(seed: 77)
        var ids: [CardID] = []
        for number in 0..<20 { ids.append(try fold.add("card \(number)")) }
        // 20 ids over 16 hex digits: some first digit is shared.
        let byFirst = Dictionary(grouping: ids) { String($0.description.prefix(1)) }
        let (prefix, sharing) = try #require(byFirst.first { $0.value.count > 1 })
        Self.expectRejected(.moveCard(board: "main", card: prefix, column: "DONE"), with: .ambiguousCard(prefix, matches: sharing.count), on: fold)
        Self.expectRejected(.deleteCard(board: "main", card: prefix.uppercased()), with: .ambiguousCard(prefix.uppercased(), matches: sharing.count), on: fold)
        // A longer prefix that only one of them has works.
        let unique = try #require(ids.lazy.map { String($0.description.prefix(8)) }.first { candidate in
            ids.filter { $0.description.hasPrefix(candidate) }.count == 1
        })
        var ids2 = SeededGenerator(seed: 1)
        #expect(throws: Never.self) { try Decider.decide(.deleteCard(board: "main", card: unique), in: fold.state, ids: &ids2) }
    }

    @Test("Unknown boards")
    func unknownBoard() throws {
        let (fold, cards) = try Self.board()
        Self.expectRejected(.addCard(board: "nope", title: "t"), with: .unknownBoard("nope"), on: fold)
        Self.expectRejected(.moveCard(board: "nope", card: cards["a"]!.description, column: "DONE"), with: .unknownBoard("nope"), on: fold)
        Self.expectRejected(.renameBoard(board: "nope", to: "x"), with: .unknownBoard("nope"), on: fold)
        Self.expectRejected(.removeBoard(board: "nope"), with: .unknownBoard("nope"), on: fold)
        Self.expectRejected(.addColumn(board: "nope", name: "x"), with: .unknownBoard("nope"), on: fold)
    }

    @Test("Columns and boards that still hold cards cannot be removed; a board keeps one column")
    func nonEmptyRemovals() throws {
        let (fold, _) = try Self.board()
        Self.expectRejected(.removeColumn(board: "main", column: "todo"), with: .columnNotEmpty("TODO", cards: 3), on: fold)
        Self.expectRejected(.removeColumn(board: "main", column: "DONE"), with: .columnNotEmpty("DONE", cards: 1), on: fold)
        Self.expectRejected(.removeBoard(board: "main"), with: .boardNotEmpty("main", cards: 4), on: fold)
        Self.expectRejected(.removeColumn(board: "empty", column: "only"), with: .lastColumn("empty"), on: fold)
    }

    @Test("Board and column names: empty, too long, duplicate")
    func names() throws {
        let (fold, _) = try Self.board()
        Self.expectRejected(.createBoard(name: "  "), with: .emptyName, on: fold)
        Self.expectRejected(.createBoard(name: String(repeating: "n", count: 51)), with: .nameTooLong(length: 51), on: fold)
        Self.expectRejected(.createBoard(name: "MAIN"), with: .duplicateBoard("MAIN"), on: fold)
        Self.expectRejected(.createBoard(name: "new", columns: ["A", "a"]), with: .duplicateColumn("a", board: "new"), on: fold)
        Self.expectRejected(.createBoard(name: "new", columns: ["A", ""]), with: .emptyName, on: fold)
        Self.expectRejected(.renameBoard(board: "empty", to: "Main"), with: .duplicateBoard("Main"), on: fold)
        Self.expectRejected(.renameBoard(board: "empty", to: ""), with: .emptyName, on: fold)
        Self.expectRejected(.addColumn(board: "main", name: "doing"), with: .duplicateColumn("doing", board: "main"), on: fold)
        Self.expectRejected(.addColumn(board: "main", name: String(repeating: "c", count: 51)), with: .nameTooLong(length: 51), on: fold)
        Self.expectRejected(.renameColumn(board: "main", column: "todo", to: "Done"), with: .duplicateColumn("Done", board: "main"), on: fold)
        Self.expectRejected(.renameColumn(board: "main", column: "todo", to: " "), with: .emptyName, on: fold)
        var accepted = fold
        #expect(throws: Never.self) { try accepted.run(.createBoard(name: String(repeating: "n", count: 50))) }
    }

    @Test("Every error reads as one line")
    func messages() {
        let errors: [KanbanError] = [
            .unknownBoard("b"), .unknownCard("c"), .ambiguousCard("a", matches: 2), .unknownColumn("x", board: "main"),
            .emptyTitle, .titleTooLong(length: 201), .descriptionTooLong(length: 1001),
            .indexOutOfRange(4, column: "TODO", maximum: 3), .malformedDate("soon"), .emptyName, .nameTooLong(length: 51),
            .duplicateBoard("b"), .duplicateColumn("c", board: "b"), .boardNotEmpty("b", cards: 1),
            .columnNotEmpty("c", cards: 2), .lastColumn("b"), .invalidActor(""), .corruptEvent(sequence: 3, reason: "r"),
        ]
        for error in errors {
            #expect(!error.description.isEmpty)
            #expect(!error.description.contains("\n"))
        }
        #expect(KanbanError.titleTooLong(length: 201).description.contains("200"))
        #expect(KanbanError.descriptionTooLong(length: 1001).description.contains("1000"))
    }
}
