import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// `revive` and `deletedCards` on a real log: the deletion is read from the log newest first,
/// in whatever form it took, and a rejected revive appends nothing.
struct KanbanEngineReviveTests {
    func titles(_ engine: KanbanEngine, _ column: String) throws -> [String] {
        try engine.boardView(named: "main").columns.first { $0.name == column }?.cards.map(\.card.title) ?? []
    }

    @Test("A deleted card comes back from the log with its fields; another engine and a reopen see the same state")
    func revive() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        try fixture.add("a")
        let b = try fixture.add("b", due: .day(CalendarDay(daysSinceEpoch: 20_788)))
        try engine.execute(.editCard(board: "main", card: b.description, description: "notes"), actor: "ana")
        try fixture.add("c")
        try engine.execute(.deleteCard(board: "main", card: b.description), actor: "bob")
        let events = try engine.execute(.reviveCard(board: "main", card: String(b.description.prefix(5))), actor: "cy")
        guard case .cardRevived(let revived)? = events.first?.payload, events.count == 1 else {
            Issue.record("not one revive: \(events)")
            return
        }
        #expect(revived.card.id == b && revived.card.description == "notes" && revived.index == 1)
        #expect(events[0].actor == "cy")
        #expect(try titles(engine, "TODO") == ["a", "b", "c"])
        #expect(try engine.history.deletedCards(board: "main").isEmpty)

        let live = try engine.withState { StateSnapshot($0) }
        #expect(try KanbanEngine(path: fixture.path).withState { StateSnapshot($0) } == live)
        let report = try engine.replay(ignoringSnapshots: true)
        #expect(report.events == 7)
        #expect(try engine.withState { StateSnapshot($0) } == live)

        // In history, by card too: the trail of a card that was deleted and brought back.
        let trail = try engine.history.entries(HistoryQuery(card: String(b.description.prefix(8))))
        #expect(trail.map(\.line) == ["Added 'b'.", "Edited 'b': description.", "Removed 'b' from TODO.", "Brought back 'b'."])
        #expect(trail.last?.kind == .cardRevived && trail.last?.card == b)
    }

    @Test("Deleted cards: newest deletion first, once each, without live ones or other boards', up to a limit")
    func deletedCards() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        #expect(try engine.history.deletedCards(board: "main").isEmpty) // no board made yet
        let a = try fixture.add("a")
        let b = try fixture.add("b", column: "DOING")
        let c = try fixture.add("c")
        try engine.execute(.createBoard(name: "Side"), actor: "ana")
        let side = try fixture.add("s", board: "Side")
        try engine.execute(.deleteCard(board: "Side", card: side.description), actor: "ana")
        try engine.execute(.deleteCard(board: "main", card: a.description), actor: "ana")
        try engine.execute(.deleteCard(board: "main", card: b.description), actor: "bob")
        // a comes back and goes again: listed once, by its newest deletion.
        try engine.execute(.reviveCard(board: "main", card: a.description), actor: "ana")
        try engine.execute(.deleteCard(board: "main", card: a.description), actor: "cy")
        // c's add is undone: that deletes it too.
        try engine.execute(.moveCard(board: "main", card: c.description, column: "DONE"), actor: "dee")
        try engine.undo(actor: "dee")
        let added = try engine.execute(.addCard(board: "main", title: "d"), actor: "dee")
        try engine.undo(actor: "dee")
        let d = try #require(added.last?.payload.card)

        let deleted = try engine.history.deletedCards(board: "MAIN")
        #expect(deleted.map(\.card.title) == ["d", "a", "b"])
        #expect(deleted.map(\.actor) == ["dee", "cy", "bob"])
        #expect(deleted.map(\.card.id) == [d, a, b])
        #expect(deleted.map(\.sequence) == deleted.map(\.sequence).sorted(by: >))
        let log = try engine.events()
        for card in deleted {
            #expect(log[Int(card.sequence) - 1].timestamp == card.timestamp)
            #expect(card.board == log[Int(card.sequence) - 1].board)
        }
        #expect(deleted[2].card.column == (try engine.withState { $0.column(named: "DOING", in: $0.board(named: "main")!)!.id }))
        #expect(try engine.history.deletedCards(board: "main", limit: 2).map(\.card.title) == ["d", "a"])
        #expect(try engine.history.deletedCards(board: "main", limit: 0).isEmpty)
        #expect(try engine.history.deletedCards(board: "side").map(\.card.id) == [side])
        #expect(throws: KanbanError.unknownBoard("nope")) { try engine.history.deletedCards(board: "nope") }
    }

    @Test("A card a restore removed can be brought back")
    func afterRestore() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        try fixture.add("kept")
        let then = try engine.statistics().lastSequence
        let later = try fixture.add("later", due: .day(CalendarDay(daysSinceEpoch: 30_000)))
        try engine.execute(.restore(board: "main", to: .sequence(then)), actor: "ana")
        #expect(try titles(engine, "TODO") == ["kept"])
        #expect(try engine.history.deletedCards(board: "main").map(\.card.id) == [later])
        try engine.execute(.reviveCard(board: "main", card: later.description), actor: "bob")
        #expect(try titles(engine, "TODO") == ["kept", "later"])
        #expect(try engine.withState { $0.cards[later]?.due } == .day(CalendarDay(daysSinceEpoch: 30_000)))
    }

    @Test("Rejected revives append nothing: unknown, ambiguous, live, a removed column, an index out of range, an empty log")
    func rejected() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        #expect(throws: KanbanError.unknownCard("abc")) { try engine.execute(.reviveCard(board: "main", card: "abc"), actor: "ana") }
        #expect(try fixture.eventCount == 0)

        var ids: [CardID] = []
        for n in 0..<17 { ids.append(try fixture.add("card \(n)")) }
        for id in ids { try engine.execute(.deleteCard(board: "main", card: id.description), actor: "ana") }
        let live = try fixture.add("live")
        try engine.execute(.addColumn(board: "main", name: "Review"), actor: "ana")
        let review = try fixture.add("in review", column: "Review")
        try engine.execute(.deleteCard(board: "main", card: review.description), actor: "ana")
        try engine.execute(.removeColumn(board: "main", column: "Review"), actor: "ana")
        let count = try fixture.eventCount

        let first = ids.map { String($0.description.prefix(1)) }
        let shared = try #require(first.first { digit in first.filter { $0 == digit }.count > 1 })
        let sharing = ids.filter { $0.description.hasPrefix(shared) }.count
            + (review.description.hasPrefix(shared) ? 1 : 0)
        #expect(throws: KanbanError.ambiguousCard(shared, matches: sharing)) { try engine.execute(.reviveCard(board: "main", card: shared), actor: "ana") }
        #expect(throws: KanbanError.unknownCard("zz")) { try engine.execute(.reviveCard(board: "main", card: "zz"), actor: "ana") }
        #expect(throws: KanbanError.cannotRevive("'live' is on the board; only a deleted card can be brought back")) {
            try engine.execute(.reviveCard(board: "main", card: live.description), actor: "ana")
        }
        #expect(throws: KanbanError.cannotRevive("the column 'in review' stood in was removed; name a column to put it in")) {
            try engine.execute(.reviveCard(board: "main", card: review.description), actor: "ana")
        }
        #expect(throws: KanbanError.indexOutOfRange(5, column: "DONE", maximum: 0)) {
            try engine.execute(.reviveCard(board: "main", card: review.description, column: "done", index: 5), actor: "ana")
        }
        #expect(throws: KanbanError.invalidActor(" ")) { try engine.execute(.reviveCard(board: "main", card: review.description, column: "DONE"), actor: " ") }
        #expect(try fixture.eventCount == count)
        try engine.execute(.reviveCard(board: "main", card: review.description, column: "done"), actor: "ana")
        #expect(try titles(engine, "DONE") == ["in review"])
    }

    @Test("Undo of a revive deletes the card again; redo brings it back; columns move and their undo through the engine")
    func undoRedo() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        let a = try fixture.add("a")
        try engine.execute(.deleteCard(board: "main", card: a.description), actor: "ana")
        try engine.execute(.reviveCard(board: "main", card: a.description), actor: "ana")
        try engine.execute(.moveColumn(board: "main", column: "done", index: 0), actor: "ana")
        func columns() throws -> [String] { try engine.boardView(named: "main").columns.map(\.name) }
        #expect(try columns() == ["DONE", "TODO", "DOING"])
        #expect(try engine.execute(.moveColumn(board: "main", column: "DONE", index: 0), actor: "ana").isEmpty)
        let preview = try engine.history.undoPreview(actor: "ana")
        #expect(preview.undo?.payload.kind == .columnMoved)
        try engine.undo(actor: "ana")
        #expect(try columns() == ["TODO", "DOING", "DONE"])
        try engine.undo(actor: "ana")
        #expect(try titles(engine, "TODO").isEmpty)
        #expect(try engine.history.deletedCards(board: "main").map(\.card.id) == [a])
        try engine.redo(actor: "ana")
        try engine.redo(actor: "ana")
        #expect(try titles(engine, "TODO") == ["a"])
        #expect(try columns() == ["DONE", "TODO", "DOING"])
        #expect(try KanbanEngine(path: fixture.path).withState { StateSnapshot($0) } == engine.withState { StateSnapshot($0) })
    }
}
