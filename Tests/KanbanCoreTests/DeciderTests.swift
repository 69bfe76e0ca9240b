import KanbanCore
import Testing

/// What ``Decider`` decides for valid commands. Rejections are in `DeciderValidationTests`.
struct DeciderTests {
    @Test("The first command on an empty log makes the default board first")
    func bootstrap() throws {
        var fold = Fold()
        let events = try fold.run(.addCard(board: "main", title: "First"))
        #expect(events.map(\.payload.kind) == [.boardCreated, .cardAdded])
        guard case .boardCreated(let created) = events[0].payload else { return }
        #expect(created.name == "main")
        #expect(created.columns.map(\.name) == ["TODO", "DOING", "DONE"])
        #expect(events.map(\.sequence) == [1, 2])
        #expect(try fold.run(.addCard(board: "MAIN", title: "Second")).map(\.payload.kind) == [.cardAdded])
        #expect(fold.state.boardsCreated == 1)
        #expect(fold.titles("TODO") == ["First", "Second"])
    }

    @Test("A rejected first command makes no board either")
    func bootstrapRejected() {
        var fold = Fold()
        #expect(throws: KanbanError.emptyTitle) { try fold.run(.addCard(board: "main", title: "")) }
        #expect(fold.events.isEmpty)
        #expect(fold.state.boardsCreated == 0)
    }

    @Test("Adds go to the first column's end by default, or to the column and index given")
    func addPlacement() throws {
        var fold = Fold()
        try fold.add("b")
        try fold.add("d")
        try fold.add("a", index: 0)
        try fold.add("c", index: 2)
        try fold.add("e", index: 4)
        #expect(fold.titles("TODO") == ["a", "b", "c", "d", "e"])
        try fold.add("x", column: "doing")
        try fold.add("y", column: " Doing ", index: 0)
        #expect(fold.titles("DOING") == ["y", "x"])
    }

    @Test("A card added carries its trimmed title, its description as given, its due date and its landing index")
    func addedCard() throws {
        var fold = Fold()
        try fold.add("one")
        let due = Due.day(CalendarDay(year: 2026, month: 12, day: 1)!)
        let events = try fold.run(.addCard(board: "main", title: "  Préparer 회의 🎉 \n", description: "  keep  ", due: due, index: 0))
        guard case .cardAdded(let added) = events.last?.payload else {
            Issue.record("no card added")
            return
        }
        #expect(added.card.title == "Préparer 회의 🎉")
        #expect(added.card.description == "  keep  ")
        #expect(added.card.due == due)
        #expect(added.index == 0)
        #expect(fold.state.cards[added.card.id] == added.card)
    }

    @Test("Moving within a column counts the index without the card", arguments: [
        ("a", 0, ["a", "b", "c", "d"]), ("a", 1, ["b", "a", "c", "d"]), ("a", 2, ["b", "c", "a", "d"]),
        ("a", 3, ["b", "c", "d", "a"]), ("d", 0, ["d", "a", "b", "c"]), ("c", 1, ["a", "c", "b", "d"]),
        ("b", nil, ["a", "c", "d", "b"]),
    ] as [(String, Int?, [String])])
    func reorder(card: String, index: Int?, expected: [String]) throws {
        var fold = Fold()
        var ids: [String: CardID] = [:]
        for title in ["a", "b", "c", "d"] { ids[title] = try fold.add(title) }
        let events = try fold.run(.moveCard(board: "main", card: ids[card]!.description, column: "TODO", index: index))
        #expect(fold.titles("TODO") == expected)
        let before = ["a", "b", "c", "d"]
        if before == expected {
            #expect(events.isEmpty, "a move to where the card is appends nothing")
        } else {
            guard case .cardMoved(let moved) = events.first?.payload else {
                Issue.record("no move decided")
                return
            }
            #expect(moved.isReorder)
            #expect(moved.fromIndex == before.firstIndex(of: card))
            #expect(moved.toIndex == expected.firstIndex(of: card))
            #expect(moved.title == card)
        }
    }

    @Test("Moving across columns removes the card from one and puts it at the index in the other")
    func moveAcross() throws {
        var fold = Fold()
        let a = try fold.add("a")
        try fold.add("b")
        try fold.add("x", column: "DONE")
        try fold.add("y", column: "DONE")
        let events = try fold.run(.moveCard(board: "main", card: a.description, column: "done", index: 1))
        #expect(fold.titles("TODO") == ["b"])
        #expect(fold.titles("DONE") == ["x", "a", "y"])
        guard case .cardMoved(let moved) = events.first?.payload else { return }
        #expect(!moved.isReorder)
        #expect(moved.fromIndex == 0)
        #expect(moved.toIndex == 1)
        #expect(fold.state.cardCount(in: moved.from) == 1)
        #expect(fold.state.cardCount(in: moved.to) == 3)
    }

    @Test("A delete carries the whole card and its index")
    func delete() throws {
        var fold = Fold()
        try fold.add("a")
        let b = try fold.add("b", due: .day(CalendarDay(daysSinceEpoch: 20_000)))
        let card = fold.state.cards[b]!
        let events = try fold.run(.deleteCard(board: "main", card: b.description))
        #expect(events.map(\.payload) == [.cardDeleted(CardDeleted(card: card, index: 1))])
        #expect(fold.state.cards[b] == nil)
        #expect(fold.titles("TODO") == ["a"])
    }

    @Test("An edit carries only the fields that changed, old and new; no change appends nothing")
    func edit() throws {
        var fold = Fold()
        let id = try fold.add("Title")
        let reference = id.description
        let day = Due.day(CalendarDay(daysSinceEpoch: 20_500))

        var events = try fold.run(.editCard(board: "main", card: reference, title: " New title ", due: .set(day)))
        guard case .cardEdited(let edited) = events.first?.payload else {
            Issue.record("no edit decided")
            return
        }
        #expect(edited.titleChange == Change(old: "Title", new: "New title"))
        #expect(edited.title == "New title")
        #expect(edited.descriptionChange == nil)
        #expect(edited.dueChange == Change(old: nil, new: day))

        // The same values again: nothing to append.
        events = try fold.run(.editCard(board: "main", card: reference, title: "New title", description: "", due: .set(day)))
        #expect(events.isEmpty)

        events = try fold.run(.editCard(board: "main", card: reference, description: "Details", due: .remove))
        guard case .cardEdited(let second) = events.first?.payload else { return }
        #expect(second.titleChange == nil)
        #expect(second.title == "New title")
        #expect(second.descriptionChange == Change(old: "", new: "Details"))
        #expect(second.dueChange == Change(old: day, new: nil))
        #expect(fold.state.cards[id]?.description == "Details")
        #expect(fold.state.cards[id]?.due == nil)
    }

    @Test("Board commands: create with columns, rename, remove when empty")
    func boards() throws {
        var fold = Fold()
        try fold.add("a")
        try fold.run(.createBoard(name: " Side ", columns: ["Backlog", "Done"]))
        let side = try #require(fold.state.board(named: "side"))
        #expect(side.name == "Side")
        #expect(side.columns.compactMap { fold.state.columns[$0]?.name } == ["Backlog", "Done"])
        try fold.add("s", board: "SIDE")
        #expect(fold.titles("backlog", board: "Side") == ["s"])

        try fold.run(.renameBoard(board: "side", to: "Projects"))
        #expect(fold.state.board(named: "side") == nil)
        #expect(fold.state.board(named: "projects")?.id == side.id)
        #expect(try fold.run(.renameBoard(board: "projects", to: "Projects")).isEmpty)

        try fold.run(.deleteCard(board: "projects", card: fold.state.cards.values.first { $0.title == "s" }!.id.description))
        try fold.run(.removeBoard(board: "Projects"))
        #expect(fold.state.board(named: "projects") == nil)
        #expect(fold.state.boardOrder == [fold.main.id])
        #expect(fold.state.columns.count == 3)
        // A removed board's name can be used again.
        try fold.run(.createBoard(name: "Projects"))
        #expect(fold.state.boardOrder.count == 2)
        #expect(fold.state.boardsCreated == 3)
    }

    @Test("Column commands: add at an index, rename, remove when empty")
    func columns() throws {
        var fold = Fold()
        try fold.add("a")
        try fold.run(.addColumn(board: "main", name: "Review", index: 2))
        try fold.run(.addColumn(board: "main", name: "Archive"))
        try fold.run(.addColumn(board: "main", name: "Inbox", index: 0))
        func names() -> [String] { fold.main.columns.compactMap { fold.state.columns[$0]?.name } }
        #expect(names() == ["Inbox", "TODO", "DOING", "Review", "DONE", "Archive"])
        try fold.run(.renameColumn(board: "main", column: "review", to: "In review"))
        #expect(names() == ["Inbox", "TODO", "DOING", "In review", "DONE", "Archive"])
        #expect(try fold.run(.renameColumn(board: "main", column: "in review", to: "In review")).isEmpty)
        try fold.run(.removeColumn(board: "main", column: "INBOX"))
        try fold.run(.removeColumn(board: "main", column: "archive"))
        #expect(names() == ["TODO", "DOING", "In review", "DONE"])
        // The last column is where overdue stops: it moved with the removal.
        #expect(fold.main.columns.last == fold.state.column(named: "done", in: fold.main)?.id)
    }

    @Test("Deciding is pure: the same command, state and ids give the same events")
    func purity() throws {
        var fold = Fold()
        for title in ["a", "b", "c"] { try fold.add(title) }
        let command = Command.moveCard(board: "main", card: fold.state.cards.values.first!.id.description, column: "DONE")
        var first = SeededGenerator(seed: 5)
        var second = SeededGenerator(seed: 5)
        let one = try Decider.decide(command, in: fold.state, ids: &first)
        let two = try Decider.decide(command, in: fold.state, ids: &second)
        #expect(one == two)
        var indexed = fold.state
        indexed.buildOrderIndex()
        var third = SeededGenerator(seed: 5)
        #expect(try Decider.decide(command, in: indexed, ids: &third) == one)
    }
}
