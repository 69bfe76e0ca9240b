import Foundation
import KanbanCore
@testable import Kanban
import KanbanTestSupport
import LMDBStorage
import Testing

struct KanbanEngineTests {
    @Test("A fresh database is empty and shows main with empty TODO, DOING and DONE")
    func freshDatabase() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let statistics = try fixture.engine.statistics()
        #expect(statistics.events == 0)
        #expect(statistics.lastSequence == 0)
        #expect(statistics.liveCards == 0)
        #expect(statistics.boards == 0)
        #expect(try fixture.engine.events().isEmpty)
        let view = try fixture.engine.boardView(named: "Main")
        #expect(view.name == "main")
        #expect(view.columns.map(\.name) == ["TODO", "DOING", "DONE"])
        #expect(throws: KanbanError.unknownBoard("other")) { try fixture.engine.boardView(named: "other") }
    }

    @Test("execute appends the decided events with their envelope, committed and readable")
    func execute() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let events = try fixture.engine.execute(.addCard(board: "main", title: "Write the README"), actor: "  ana  ")
        #expect(events.map(\.payload.kind) == [.boardCreated, .cardAdded])
        #expect(events.map(\.sequence) == [1, 2])
        // The board made on first use is the engine's own, on no one's undo stack.
        #expect(events.map(\.actor) == [UndoStacks.systemActor, "ana"])
        #expect(events[0].timestamp == events[1].timestamp)
        #expect(events[0].id != events[1].id)
        #expect(events[0].board == events[1].board)
        #expect(try fixture.engine.events() == events)
        #expect(try fixture.engine.events(after: 1, limit: nil) == [events[1]])
        #expect(try fixture.engine.events(after: 0, limit: 1) == [events[0]])
        #expect(try fixture.engine.events(after: 2, limit: nil).isEmpty)
        #expect(try fixture.engine.events(after: .max, limit: nil).isEmpty)

        let statistics = try fixture.engine.statistics()
        #expect(statistics.events == 2)
        #expect(statistics.lastSequence == 2)
        #expect(statistics.liveCards == 1)
        #expect(statistics.boards == 1)
        #expect(statistics.databaseBytes > 0)
        #expect(statistics.mapBytes >= statistics.databaseBytes)
    }

    @Test("Timestamps never go backwards, whatever the clock says")
    func monotonicTimestamps() throws {
        let readings = Locked<[Int64]>([5_000, 9_000, 7_000, 3_000, 9_500])
        let fixture = try EngineFixture(clock: {
            Timestamp(millisecondsSinceEpoch: readings.withLock { $0.isEmpty ? 10_000 : $0.removeFirst() })
        })
        defer { fixture.directory.remove() }
        for title in ["a", "b", "c", "d", "e"] { try fixture.add(title) }
        let stamps = try fixture.engine.events().map(\.timestamp.millisecondsSinceEpoch)
        #expect(stamps == [5_000, 5_000, 9_000, 9_000, 9_000, 9_500])
    }

    @Test("Invalid actors are refused and append nothing", arguments: ["", "   ", "\n", String(repeating: "a", count: 51)])
    func invalidActor(actor: String) throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try fixture.add("a")
        #expect(throws: KanbanError.invalidActor(actor)) { try fixture.engine.execute(.addCard(board: "main", title: "b"), actor: actor) }
        #expect(try fixture.eventCount == 2)
    }

    @Test("Commands that change nothing append nothing")
    func noOps() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let a = try fixture.add("a")
        try fixture.add("b")
        let count = try fixture.eventCount
        let engine = fixture.engine
        #expect(try engine.execute(.moveCard(board: "main", card: a.description, column: "TODO", index: 0), actor: "ana").isEmpty)
        #expect(try engine.execute(.editCard(board: "main", card: a.description, title: " a "), actor: "ana").isEmpty)
        #expect(try engine.execute(.editCard(board: "main", card: a.description, due: .remove), actor: "ana").isEmpty)
        #expect(try engine.execute(.renameBoard(board: "MAIN", to: "main"), actor: "ana").isEmpty)
        #expect(try engine.execute(.renameColumn(board: "main", column: "todo", to: "TODO"), actor: "ana").isEmpty)
        #expect(try fixture.eventCount == count)
    }

    @Test("Reads see writes made through another engine on the same database", .disabled(if: SharedLogForTests.url != nil, "another engine writing to a node's cache is not a node of the shared log"))
    func catchUp() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try fixture.add("first")
        let other = try KanbanEngine(path: fixture.path)
        let added = try other.execute(.addCard(board: "main", title: "from the other", column: "DOING"), actor: "bo")
        #expect(added.map(\.sequence) == [3])
        let doing = try fixture.engine.boardView(named: "main").columns[1]
        #expect(doing.cards.map(\.card.title) == ["from the other"])
        // And the first engine appends after it, not over it.
        #expect(try fixture.engine.execute(.addCard(board: "main", title: "third"), actor: "ana").map(\.sequence) == [4])
    }

    @Test("A board view shows cards in order with overdue flags at the moment given")
    func boardView() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let utc = TimeZone(identifier: "UTC")!
        let late = try fixture.add("late", due: .day(CalendarDay(year: 2026, month: 1, day: 1)!))
        let early = try fixture.add("early", due: .day(CalendarDay(year: 2026, month: 3, day: 1)!))
        try fixture.engine.execute(.moveCard(board: "main", card: early.description, column: "todo", index: 0), actor: "ana")
        let february = Timestamp(millisecondsSinceEpoch: Int64(CalendarDay(year: 2026, month: 2, day: 1)!.daysSinceEpoch) * 86_400_000)
        var view = try fixture.engine.boardView(named: "main", now: february, timeZone: utc)
        #expect(view.columns[0].cards.map(\.card.id) == [early, late])
        #expect(view.columns[0].cards.map(\.isOverdue) == [false, true])
        try fixture.engine.execute(.moveCard(board: "main", card: late.description, column: "done"), actor: "ana")
        view = try fixture.engine.boardView(named: "main", now: february, timeZone: utc)
        #expect(view.columns[2].cards.map(\.isOverdue) == [false])
    }

    @Test("replay() rebuilds the same state and reports the events it read")
    func replay() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        for number in 0..<30 { try fixture.add("card \(number)", column: number.isMultiple(of: 3) ? "DOING" : nil) }
        let before = try fixture.engine.withState { StateSnapshot($0) }
        let report = try fixture.engine.replay()
        #expect(report.events == 31)
        #expect(report.seconds >= 0)
        #expect(report.eventsPerSecond >= 0)
        #expect(try fixture.engine.withState { StateSnapshot($0) } == before)
        #expect(ReplayReport(events: 0, seconds: 0).eventsPerSecond == 0)
        #expect(ReplayReport(events: 10, seconds: 2).eventsPerSecond == 5)
    }

    @Test("A value in the log that does not decode is reported as a corrupt event")
    func corruptEvent() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try fixture.add("a")
        let log = fixture.engine.log
        try log.environment.write { transaction in
            try transaction.put([1, 99, 0], forKey: withUnsafeBytes(of: UInt64(3).bigEndian, Array.init), in: log.database)
        }
        // Opening replays nothing yet; the first read does, and reports the event.
        #expect(throws: KanbanError.self) { try KanbanEngine(path: fixture.path).replay() }
        do {
            _ = try KanbanEngine(path: fixture.path).replay()
        } catch let error as KanbanError {
            guard case .corruptEvent(let sequence, let reason) = error else {
                Issue.record("expected corruptEvent, got \(error)")
                return
            }
            #expect(sequence == 3)
            #expect(reason.contains("unknown event kind 99"))
        }
        // The engine that was open when it was written fails to catch up the same way.
        #expect(throws: KanbanError.self) { try fixture.engine.statistics() }
    }

    @Test(
        "A rejected command does not make the next read replay the whole log"
    )
    func rejectionKeepsIncrementalState() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try fixture.add("a")
        try fixture.add("b")
        _ = try fixture.engine.withState { $0.cards.count }
        // Damage event 1 behind the engine's back: only a full replay would read it again.
        let log = fixture.engine.log
        try log.environment.write { transaction in
            try transaction.put([1, 99], forKey: withUnsafeBytes(of: UInt64(1).bigEndian, Array.init), in: log.database)
        }
        #expect(try fixture.engine.withState { $0.cards.count } == 2, "a plain read does not replay")
        #expect(throws: KanbanError.emptyTitle) { try fixture.engine.execute(.addCard(board: "main", title: ""), actor: "ana") }
        // Nothing was applied by the rejected command: the state is still good and need not be rebuilt.
        #expect(throws: Never.self) { try fixture.engine.withState { $0.cards.count } }
    }

    @Test(
        "events(after:limit:) with a limit of 0 returns no events"
    )
    func zeroLimit() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try fixture.add("a")
        #expect(try fixture.engine.events(after: 0, limit: 0).isEmpty)
    }

    @Test("events(after:limit:) returns at most the limit")
    func limits() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        for title in ["a", "b", "c", "d"] { try fixture.add(title) }
        for limit in 1...6 {
            #expect(try fixture.engine.events(after: 0, limit: limit).map(\.sequence) == Array(1...UInt64(min(limit, 5))))
        }
        #expect(try fixture.engine.events(after: 3, limit: 10).map(\.sequence) == [4, 5])
    }
}
