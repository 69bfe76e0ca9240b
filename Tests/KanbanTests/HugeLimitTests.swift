import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// Counts that come from a request or an argument may be any number: a huge limit reads as
/// "all" and never overflows; the limits on boards and columns refuse what is over them.
struct HugeLimitTests {
    @Test("History with a limit near Int.max (the old overflow) is the whole history", arguments: [Int.max, Int.max / 2 + 100, 4_611_686_018_427_387_872])
    func hugeHistoryLimit(limit: Int) throws {
        let (fixture, _, _) = try KanbanEngineHistoryTests.scene()
        let whole = try fixture.engine.history.entries(HistoryQuery(board: "main", language: .english))
        let limited = try fixture.engine.history.entries(HistoryQuery(board: "main", limit: limit, language: .english))
        #expect(limited.map(\.sequence) == whole.map(\.sequence))
        var builder = HistoryBuilder(filter: HistoryFilter(limit: limit), language: .english)
        for event in try fixture.engine.events() { builder.consume(event) }
        #expect(builder.result.count == Int(try fixture.engine.lastSequence()))
    }

    @Test("Deleted cards before a sequence: the next page, a card deleted twice only on its newest deletion's page")
    func deletedBefore() throws {
        let fixture = try EngineFixture()
        var ids: [CardID] = []
        for number in 1...5 { ids.append(try fixture.add("card \(number)", as: "ana")) }
        for id in ids { try fixture.run(.deleteCard(board: "main", card: id.description), as: "ana") }
        // card 1 comes back and is deleted again: newest deletion last.
        try fixture.engine.execute(.reviveCard(board: "main", card: ids[0].description), actor: "ana")
        try fixture.run(.deleteCard(board: "main", card: ids[0].description), as: "ana")
        let whole = try fixture.engine.history.deletedCards(board: "main")
        #expect(whole.map(\.card.id) == [ids[0], ids[4], ids[3], ids[2], ids[1]])
        let first = try fixture.engine.history.deletedCards(board: "main", limit: 2)
        let second = try fixture.engine.history.deletedCards(board: "main", limit: 2, before: first.last?.sequence)
        let third = try fixture.engine.history.deletedCards(board: "main", limit: 2, before: second.last?.sequence)
        #expect((first + second + third).map(\.card.id) == whole.map(\.card.id))
    }

    @Test("A board of more than 100 columns, or a 101st column, is refused and appends nothing")
    func columnLimit() throws {
        let fixture = try EngineFixture()
        let names = (1...101).map { "column \($0)" }
        #expect(throws: KanbanError.tooManyColumns(board: "wide", maximum: 100)) {
            try fixture.run(.createBoard(name: "wide", columns: names), as: "ana")
        }
        try fixture.run(.createBoard(name: "wide", columns: Array(names.prefix(100))), as: "ana")
        let sequence = try fixture.engine.lastSequence()
        #expect(throws: KanbanError.tooManyColumns(board: "wide", maximum: 100)) {
            try fixture.run(.addColumn(board: "wide", name: "one more"), as: "ana")
        }
        #expect(try fixture.engine.lastSequence() == sequence)
    }

    @Test("A flow span longer than the limit is refused; an until far ahead lists at most the limit's days")
    func flowSpan() throws {
        let fixture = try EngineFixture()
        try fixture.add("x", as: "ana")
        let since = try Due(parsing: "2000-01-01").start
        let until = try Due(parsing: "2100-01-01").end
        #expect(throws: KanbanError.self) { try fixture.engine.history.flow(board: "main", since: since, until: until) }
        let report = try fixture.engine.history.flow(board: "main", until: until)
        #expect(report.days.count <= Int(Limits.reportDays))
        #expect(report.days.count > 0)
    }
}
