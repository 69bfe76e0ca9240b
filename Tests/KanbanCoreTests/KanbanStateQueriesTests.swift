import KanbanCore
import Testing

struct KanbanStateQueriesTests {
    @Test("Boards and columns are found by name, case-insensitively")
    func namedLookups() throws {
        var fold = Fold()
        try fold.add("a")
        try fold.run(.createBoard(name: "Été", columns: ["À faire", "Fait"]))
        #expect(fold.state.board(named: "MAIN")?.name == "main")
        #expect(fold.state.board(named: "été")?.name == "Été")
        #expect(fold.state.board(named: "ÉTÉ")?.name == "Été")
        #expect(fold.state.board(named: "other") == nil)
        let board = try #require(fold.state.board(named: "été"))
        #expect(fold.state.column(named: "à FAIRE", in: board)?.name == "À faire")
        #expect(fold.state.column(named: "  fait ", in: board)?.name == "Fait")
        #expect(fold.state.column(named: "TODO", in: board) == nil)
    }

    @Test("A card is found by its id in either case, or by a unique prefix, trimmed")
    func cardMatching() throws {
        var fold = Fold(seed: 4)
        let ids = try (0..<6).map { number throws(KanbanError) in try fold.add("c\(number)") }
        let board = fold.main
        for id in ids {
            let text = id.description
            #expect(try fold.state.card(matching: text, on: board).id == id)
            #expect(try fold.state.card(matching: text.uppercased(), on: board).id == id)
            #expect(try fold.state.card(matching: "  \(text.prefix(12))\n", on: board).id == id)
            #expect(try fold.state.card(matching: String(text.prefix(8)).uppercased(), on: board).id == id)
        }
        #expect(throws: KanbanError.unknownCard("")) { try fold.state.card(matching: "", on: board) }
        #expect(throws: KanbanError.unknownCard("-")) { try fold.state.card(matching: "-", on: board) }

        // A whole id: padded, in capitals, of a deleted card, of another board's card.
        #expect(try fold.state.card(matching: " \t\(ids[0].description.uppercased()) ", on: board).id == ids[0])
        try fold.run(.deleteCard(board: "main", card: ids[1].description))
        #expect(throws: KanbanError.unknownCard(ids[1].description)) { try fold.state.card(matching: ids[1].description, on: board) }
        try fold.run(.createBoard(name: "Other"))
        let other = try #require(fold.state.board(named: "Other"))
        let text = ids[2].description.uppercased()
        #expect(throws: KanbanError.unknownCard(text)) { try fold.state.card(matching: text, on: other) }
    }

    @Test("Overdue: due in the past and not in the board's last column")
    func overdue() throws {
        var fold = Fold()
        let today = CalendarDay(year: 2026, month: 6, day: 15)!
        let now = Timestamp(millisecondsSinceEpoch: today.daysSinceEpoch * 86_400_000 + 36_000_000)
        let yesterday = try fold.add("yesterday", due: .day(CalendarDay(daysSinceEpoch: today.daysSinceEpoch - 1)))
        let dueToday = try fold.add("today", due: .day(today))
        let pastMoment = try fold.add("an hour ago", column: "DOING", due: .moment(Timestamp(millisecondsSinceEpoch: now.millisecondsSinceEpoch - 3_600_000)))
        let future = try fold.add("later", due: .moment(Timestamp(millisecondsSinceEpoch: now.millisecondsSinceEpoch + 1)))
        let none = try fold.add("no due date")
        func isOverdue(_ id: CardID) -> Bool { fold.state.isOverdue(fold.state.cards[id]!, now: now, today: today) }
        #expect(isOverdue(yesterday))
        #expect(!isOverdue(dueToday))
        #expect(isOverdue(pastMoment))
        #expect(!isOverdue(future))
        #expect(!isOverdue(none))

        try fold.run(.moveCard(board: "main", card: yesterday.description, column: "DONE"))
        #expect(!isOverdue(yesterday))
        // A new last column: DONE is no longer where finished cards go.
        try fold.run(.addColumn(board: "main", name: "Archive"))
        #expect(isOverdue(yesterday))
    }

    @Test("A board view lists columns in board order and cards in column order, with overdue flags")
    func boardView() throws {
        var fold = Fold()
        let past = Due.day(CalendarDay(daysSinceEpoch: 100))
        let a = try fold.add("a", due: past)
        let b = try fold.add("b")
        let c = try fold.add("c", column: "DONE", due: past)
        try fold.run(.moveCard(board: "main", card: b.description, column: "todo", index: 0))
        let view = fold.state.view(of: fold.main, now: Timestamp(millisecondsSinceEpoch: 1_800_000_000_000), today: CalendarDay(daysSinceEpoch: 20_000))
        #expect(view.name == "main")
        #expect(view.columns.map(\.name) == ["TODO", "DOING", "DONE"])
        #expect(view.columns.map { $0.cards.map(\.card.id) } == [[b, a], [], [c]])
        #expect(view.columns.map { $0.cards.map(\.isOverdue) } == [[false, true], [], [false]])
        #expect(fold.state.cardCount(on: fold.main) == 3)
    }

    @Test("The empty default board is main with empty TODO, DOING and DONE")
    func emptyDefaultBoard() {
        let view = DefaultBoard.placeholderView
        #expect(view.name == "main")
        #expect(view.columns.map(\.name) == ["TODO", "DOING", "DONE"])
        #expect(view.columns.allSatisfy { $0.cards.isEmpty })
    }

    @Test("order(of:) sorts on demand before the index is built, and the index agrees")
    func orderIndex() throws {
        var fold = Fold()
        for title in ["a", "b", "c", "d"] { try fold.add(title, index: 0) }
        #expect(!fold.state.isOrderIndexed)
        let todo = fold.state.column(named: "todo", in: fold.main)!.id
        let unindexed = fold.state.cards(in: todo).map(\.title)
        #expect(unindexed == ["d", "c", "b", "a"])
        fold.state.buildOrderIndex()
        #expect(fold.state.isOrderIndexed)
        #expect(fold.state.cards(in: todo).map(\.title) == unindexed)
        try fold.add("e", index: 2)
        #expect(fold.state.cards(in: todo).map(\.title) == ["d", "c", "e", "b", "a"])
        #expect(fold.state.order(of: todo).count == 5)
    }

    @Test("A board view holds every board's cards in column order, flagged overdue exactly as isOverdue says, along the workload")
    func viewsAlongTheWorkload() throws {
        let (events, _) = try WorkloadGeneratorTests.run(seed: 11, events: 3_000, boards: 2)
        var state = KanbanState()
        state.buildOrderIndex()
        var flagged = 0
        for (index, event) in events.enumerated() {
            state.apply(event)
            guard index % 500 == 499 else { continue }
            for moment in [event.timestamp, Timestamp(millisecondsSinceEpoch: event.timestamp.millisecondsSinceEpoch + 40 * 86_400_000)] {
                let today = moment.utcDay
                for board in state.boards.values {
                    let view = state.view(of: board, now: moment, today: today)
                    #expect(view.columns.map(\.id) == board.columns)
                    for column in view.columns {
                        #expect(column.cards.map(\.card) == state.cards(in: column.id))
                        for card in column.cards {
                            #expect(card.isOverdue == state.isOverdue(card.card, now: moment, today: today))
                            if card.isOverdue { flagged += 1 }
                        }
                    }
                }
            }
        }
        #expect(flagged > 100)
    }
}
