import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import PropertyBased
import Testing

/// `KanbanEngine.flow`: the fold over a real log, checked against the board state folded from
/// the same log.
struct KanbanEngineFlowTests {
    static let actors = ["ana", "bob", "cy"]
    static let utc = TimeZone(identifier: "UTC")!

    @Test("After random work with undos, redos and restores, each day's counts are the board's at that day's end, and the last day's and wip are the live counts")
    func countsMatchTheBoard() async {
        let totals = Locked((days: 0, cards: 0, restores: 0))
        await propertyCheck(count: 40, input: Gen.uint64(), Gen.int(in: 20...160)) { seed, steps throws in
            let directory = try TemporaryDirectory.inMemory(prefix: "kanban-flow")
            defer { directory.remove() }
            // A clock that moves 1 to 11 hours per reading, so the work spans many days.
            let clock = Locked<(Int64, SeededGenerator)>((1_772_323_200_000, SeededGenerator(seed: seed ^ 0xF10)))
            let engine = try KanbanEngine(path: directory.appending("db"), options: EngineOptions(clock: {
                Timestamp(millisecondsSinceEpoch: clock.withLock { state in
                    state.0 += Int64.random(in: 1...11, using: &state.1) * 3_600_000
                    return state.0
                })
            }))
            var random = SeededGenerator(seed: seed)
            var restores = 0
            for _ in 0..<4 {
                try RandomActivity.run(steps / 4, on: engine, actors: Self.actors, addPercent: 20, using: &random)
                let last = try engine.statistics().lastSequence
                guard last > 1, Bool.random(using: &random) else { continue }
                let to = UInt64.random(in: 1...last, using: &random)
                if (try? engine.execute(.restore(board: DefaultBoard.name, to: .sequence(to)), actor: "ana")) != nil { restores += 1 }
                if Bool.random(using: &random) { _ = try? engine.perform(.undo(), actor: "ana") }
            }

            let events = try engine.events()
            let final = try engine.withState { $0 }
            let end = Timestamp(millisecondsSinceEpoch: (events.last?.timestamp.millisecondsSinceEpoch ?? 0) + 3_600_000)
            for board in final.boardOrder.compactMap({ final.boards[$0] }) {
                let report = try engine.history.flow(board: board.name, timeZone: Self.utc, now: end)
                // The engine's fast path folds as the decoded events do.
                var decoded = FlowBuilder(board: board.id, timeZone: Self.utc)
                for event in events { decoded.consume(event) }
                var expected = decoded.report(end: end)
                if expected.board.isEmpty { expected.board = board.name }
                #expect(report == expected)
                let live = board.columns.map { final.cardCount(in: $0) }
                #expect(report.columns.prefix(board.columns.count) == ArraySlice(board.columns.map { final.columns[$0]!.name }))
                #expect(report.days.last.map { Array($0.counts.prefix(live.count)) } == live)
                #expect(Array(report.wip.prefix(live.count)) == live)
                #expect(report.wip.dropFirst(live.count).allSatisfy { $0 == 0 })

                // Every day against the state folded up to the day's end.
                var state = KanbanState()
                var next = events.startIndex
                for day in report.days {
                    let dayEnd = (day.day.daysSinceEpoch + 1) * 86_400_000
                    while next < events.endIndex, events[next].timestamp.millisecondsSinceEpoch < dayEnd {
                        state.apply(events[next])
                        next += 1
                    }
                    let then = board.columns.map { state.columns[$0] == nil ? 0 : state.cardCount(in: $0) }
                    #expect(Array(day.counts.prefix(then.count)) == then, "\(day.day)")
                }

                for card in report.cards {
                    #expect(card.lead >= (card.cycle ?? 0) && (card.cycle ?? 0) >= 0)
                    let elapsed = end.millisecondsSinceEpoch - card.added.millisecondsSinceEpoch
                    #expect(card.inColumn.reduce(0, +) <= elapsed)
                }
                totals.withLock { $0.days += report.days.count; $0.cards += report.cards.count }
            }
            totals.withLock { $0.restores += restores }
        }
        // The work covered enough to mean something. Finished cards depend on the random work
        // (26 in one CI run, far more in most): at least 10 of them across the 40 runs.
        let seen = totals.value
        #expect(seen.days >= 200 && seen.cards >= 10 && seen.restores >= 10, "\(seen)")
    }

    @Test("until leaves out later events; since trims the days; an unknown board is refused; a fresh log gives main's empty report")
    func window() throws {
        let start: Int64 = 1_772_323_200_000 // 2026-03-01T00:00Z
        let ticks = Locked<Int64>(start)
        let fixture = try EngineFixture(clock: { Timestamp(millisecondsSinceEpoch: ticks.withLock { $0 += 86_400_000; return $0 }) })
        defer { fixture.directory.remove() }
        let fresh = try fixture.engine.history.flow(board: "main", timeZone: Self.utc)
        #expect(fresh.board == "main" && fresh.columns == ["TODO", "DOING", "DONE"] && fresh.days.isEmpty && fresh.wip == [0, 0, 0])
        #expect(throws: KanbanError.unknownBoard("nope")) { try fixture.engine.history.flow(board: "nope") }

        let card = try fixture.add("a")
        try fixture.engine.execute(.moveCard(board: "main", card: card.description, column: "DONE"), actor: "ana")
        let events = try fixture.engine.events()
        let added = try #require(events.first { $0.payload.kind == .cardAdded }).timestamp.millisecondsSinceEpoch
        let moved = try #require(events.last).timestamp.millisecondsSinceEpoch
        #expect(moved - added == 86_400_000) // a day a command
        let utcDay = { (time: Int64) in Timestamp(millisecondsSinceEpoch: time).utcDay.description }

        let asOf = try fixture.engine.history.flow(board: "main", until: Timestamp(millisecondsSinceEpoch: moved - 1), timeZone: Self.utc)
        #expect(asOf.days.map(\.day.description) == [utcDay(added)])
        #expect(asOf.cards.isEmpty && asOf.wip == [1, 0, 0])

        let now = Timestamp(millisecondsSinceEpoch: moved + 86_400_000)
        let all = try fixture.engine.history.flow(board: "main", timeZone: Self.utc, now: now)
        #expect(all.days.map(\.day.description) == [utcDay(added), utcDay(moved), utcDay(now.millisecondsSinceEpoch)])
        #expect(all.days.map(\.counts) == [[1, 0, 0], [0, 0, 1], [0, 0, 1]])
        #expect(all.cards.map(\.id) == [card] && all.cards.first?.lead == 86_400_000)

        let since = try fixture.engine.history.flow(board: "main", since: Timestamp(millisecondsSinceEpoch: moved + 1), timeZone: Self.utc, now: now)
        #expect(since.days.map(\.day.description) == [utcDay(moved), utcDay(now.millisecondsSinceEpoch)])
        #expect(since.cards.isEmpty)
    }
}
