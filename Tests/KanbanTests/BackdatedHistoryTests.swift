import Foundation
@testable import Kanban
import KanbanCore
import KanbanOutput
import KanbanTestSupport
import LMDBStorage
import Testing
@testable import KanbanTrello

/// A board's history imported after the fact (as the Trello import does): its events appended
/// now, each carrying when it happened in 2022, after native events of another board; then every
/// time-based read by when things happened.
struct BackdatedHistoryTests {
    /// 2022-03-01T09:00:00Z plus `hours`.
    static func in2022(_ hours: Int64) -> Timestamp {
        Timestamp(millisecondsSinceEpoch: 1_646_125_200_000 + hours * 3_600_000)
    }

    static let utc = TimeZone(identifier: "UTC")!

    /// One action of the imported history: its command and when it happened.
    typealias Step = (command: Command, time: Timestamp)

    /// Appends `steps` in one write transaction, as an import does: stamped now, each event
    /// with when it happened, their range recorded for `board`. Returns each step's events.
    @discardableResult
    static func importHistory(_ steps: [Step], into engine: KanbanEngine, record: Bool = true) throws -> [[RecordedEvent]] {
        let ranges = try engine.store.backdatedRanges()
        return try engine.writeSide.withLock { core in
            try engine.writeAndApply(&core) { core, transaction in
                var ids = SystemRandomNumberGenerator()
                var appended: [[RecordedEvent]] = []
                for step in steps {
                    core.state.buildOrderIndex()
                    let decided = try Decider.decide(step.command, in: core.state, ids: &ids)
                    appended.append(try engine.append(
                        decided, actor: "trello", at: engine.clock(), happenedAt: step.time, ids: &ids, to: &core, in: transaction
                    ))
                }
                let all = appended.joined()
                if record, let first = all.first, let last = all.last {
                    try ranges.record(board: first.board, sequences: first.sequence...last.sequence, in: transaction)
                }
                return appended
            }
        }
    }

    /// A fixture with three native cards on `main`, then the `trello` board's 2022 history:
    /// made, three cards added (one due on its first day), moved, edited, one deleted.
    static func fixture() throws -> (fixture: EngineFixture, steps: [[RecordedEvent]]) {
        let fixture = try EngineFixture()
        for title in ["one", "two", "three"] { try fixture.add(title) }
        let made = try importHistory([(.createBoard(name: "trello"), in2022(0))], into: fixture.engine)
        let cards = try importHistory([
            (.addCard(board: "trello", title: "a"), in2022(1)),
            (.addCard(board: "trello", title: "b", due: .day(CalendarDay(year: 2022, month: 3, day: 1)!)), in2022(2)),
            (.addCard(board: "trello", title: "c"), in2022(3)),
        ], into: fixture.engine)
        func id(_ index: Int) -> String {
            guard case .cardAdded(let added) = cards[index][0].payload else { return "" }
            return added.card.id.description
        }
        let later = try importHistory([
            (.moveCard(board: "trello", card: id(0), column: "DOING"), in2022(24)),
            (.editCard(board: "trello", card: id(1), title: "b2"), in2022(25)),
            (.moveCard(board: "trello", card: id(0), column: "DONE"), in2022(48)),
            (.deleteCard(board: "trello", card: id(2)), in2022(49)),
            (.moveCard(board: "trello", card: id(1), column: "DOING"), in2022(72)),
        ], into: fixture.engine)
        return (fixture, made + cards + later)
    }

    @Test("The board at each 2022 moment of its history is the board after that action; other boards keep their moments")
    func boardAtMoments() throws {
        let (fixture, steps) = try Self.fixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        for step in steps {
            let event = try #require(step.last)
            let moment = try #require(event.happenedAt)
            #expect(event.timestamp > moment, "appended now, happened in 2022")
            let atMoment = try engine.timeTravel.boardView(named: "trello", at: .moment(moment), timeZone: Self.utc)
            let atSequence = try engine.timeTravel.boardView(named: "trello", at: .sequence(event.sequence), timeZone: Self.utc)
            #expect(atMoment == atSequence)
            // A millisecond before it happened, the board was as the action before left it (overdue
            // as of that moment, not the action's).
            if event.sequence > steps[0][0].sequence {
                let before = try engine.timeTravel.boardView(named: "trello", at: .moment(Timestamp(millisecondsSinceEpoch: moment.millisecondsSinceEpoch - 1)), timeZone: Self.utc)
                let previous = try engine.timeTravel.boardView(named: "trello", at: .sequence(event.sequence - 1), timeZone: Self.utc)
                #expect(before.columns.map { $0.cards.map(\.card) } == previous.columns.map { $0.cards.map(\.card) })
            }
        }
        // The second day: a in DOING, b retitled and overdue as of then, c still there.
        let secondDay = try engine.timeTravel.boardView(named: "trello", at: .moment(Self.in2022(26)), timeZone: Self.utc)
        #expect(secondDay.columns.map { $0.cards.map(\.card.title) } == [["b2", "c"], ["a"], []])
        #expect(secondDay.columns[0].cards.first?.isOverdue == true)
        #expect(throws: KanbanError.unknownBoard("trello")) {
            try engine.timeTravel.boardView(named: "trello", at: .moment(Self.in2022(-1)), timeZone: Self.utc)
        }
        // The native board's moments are untouched: 2022 is before its first event.
        let main = try #require(try engine.withState { $0.board(named: "main")?.id })
        let trello = try #require(try engine.withState { $0.board(named: "trello")?.id })
        for moment in [Self.in2022(30), Timestamp(millisecondsSinceEpoch: 1_800_000_002_500), Timestamp(millisecondsSinceEpoch: .max)] {
            #expect(try engine.timeTravel.sequence(of: .moment(moment), board: main) == engine.timeTravel.sequence(of: .moment(moment)))
        }
        #expect(try engine.timeTravel.sequence(of: .moment(Self.in2022(30)), board: main) == 0)
        #expect(try engine.timeTravel.sequence(of: .moment(Self.in2022(30)), board: trello) == steps[5][0].sequence)
        #expect(try engine.timeTravel.boardReading(named: "trello", at: .moment(Self.in2022(30))).sequence == steps[5][0].sequence)
    }

    @Test("History filters and shows 2022 times, with the time it was recorded; flow counts 2022 days; diff compares 2022 moments")
    func historyFlowDiff() throws {
        let (fixture, steps) = try Self.fixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        let entries = try engine.history.entries(HistoryQuery(board: "trello", since: Self.in2022(2), until: Self.in2022(25)))
        #expect(entries.map(\.sequence) == steps[2...5].map { $0[0].sequence })
        #expect(entries.map(\.timestamp) == [2, 3, 24, 25].map(Self.in2022))
        #expect(entries.allSatisfy { $0.recorded != nil && $0.recorded! > $0.timestamp })
        let limited = try engine.history.entries(HistoryQuery(board: "trello", until: Self.in2022(25), limit: 2))
        #expect(limited.map(\.timestamp) == [24, 25].map(Self.in2022))
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(HistoryEntryOutput(entry: entries[0]))) as? [String: Any]
        #expect(json?["time"] as? String == Self.in2022(2).description)
        #expect(json?["recorded"] as? String == entries[0].recorded?.description)

        let flow = try engine.history.flow(board: "trello", timeZone: Self.utc)
        #expect(flow.days.first?.day.description == "2022-03-01")
        #expect(flow.days.map(\.day.description).prefix(4) == ["2022-03-01", "2022-03-02", "2022-03-03", "2022-03-04"])
        #expect(flow.days.first?.counts == [3, 0, 0])
        let done = try #require(flow.cards.first)
        #expect(done.title == "a" && done.lead == 47 * 3_600_000)
        let asOfThen = try engine.history.flow(board: "trello", until: Self.in2022(26), timeZone: Self.utc)
        #expect(asOfThen.wip == [2, 1, 0])
        #expect(asOfThen.cards.isEmpty)

        let diff = try engine.timeTravel.diff(board: "trello", from: .moment(Self.in2022(4)), to: .moment(Self.in2022(50)))
        let expected = BoardDiff(
            board: steps[0][0].board,
            from: try engine.timeTravel.state(atSequence: steps[3][0].sequence).state,
            to: try engine.timeTravel.state(atSequence: steps[7][0].sequence).state
        )
        #expect(diff == expected)
        #expect(!diff.isEmpty)

        let deleted = try engine.history.deletedCards(board: "trello")
        #expect(deleted.map(\.timestamp) == [Self.in2022(49)])
    }

    @Test("verify passes; a native change afterwards is at now; a restore to a 2022 moment brings that board back")
    func verifyNativeRestore() throws {
        let (fixture, steps) = try Self.fixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        #expect(try engine.verify().firstDifference == nil)
        let before = try engine.timeTravel.boardView(named: "trello", at: .moment(Self.in2022(30)), timeZone: Self.utc)
        let moved = try engine.execute(.addCard(board: "trello", title: "native"), actor: "ana")
        #expect(moved[0].happenedAt == nil && moved[0].validTime == moved[0].timestamp)
        #expect(try engine.timeTravel.boardView(named: "trello", at: .moment(Self.in2022(30)), timeZone: Self.utc) == before)
        let now = try engine.timeTravel.boardView(named: "trello", at: .moment(moved[0].timestamp), timeZone: Self.utc)
        #expect(now.columns[0].cards.map(\.card.title).contains("native"))
        #expect(try engine.history.entries(HistoryQuery(board: "trello")).last?.recorded == nil)
        #expect(try engine.verify().firstDifference == nil)

        let restored = try engine.execute(.restore(board: "trello", to: .moment(Self.in2022(30))), actor: "ana")
        guard case .restored(let restore)? = restored.first?.payload else { Issue.record("no restore"); return }
        #expect(restore.sequence == steps[5][0].sequence)
        #expect(restore.timestamp == Self.in2022(25))
        let after = try engine.boardView(named: "trello", timeZone: Self.utc)
        #expect(after.columns.map { $0.cards.map(\.card.title) } == before.columns.map { $0.cards.map(\.card.title) })
        #expect(try engine.verify().firstDifference == nil)
    }

    @Test("happenedAt is kept no later than the stamp; verify names a backdated event outside every range, and one that happened after it was appended")
    func verifyFindsStrays() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        try fixture.add("one")
        let future = Timestamp(millisecondsSinceEpoch: .max)
        let clamped = try Self.importHistory([(.addCard(board: "main", title: "x"), future)], into: engine)
        let event = try #require(clamped.first?.first)
        #expect(event.happenedAt == event.timestamp)
        #expect(try engine.verify().firstDifference == nil)

        let stray = try Self.importHistory([(.addCard(board: "main", title: "y"), Self.in2022(0))], into: engine, record: false)
        let sequence = try #require(stray.first?.first?.sequence)
        #expect(try engine.verify().firstDifference == "event #\(sequence) happened before it was appended (\(Self.in2022(0))) but lies in no backdated range of its board")

        let other = try EngineFixture()
        defer { other.directory.remove() }
        try other.add("one")
        let last = try #require(try other.engine.events().last)
        var late = last
        late.sequence += 1
        late.id = EventID(Identifier(high: 1, low: 2))
        late.payload = .cardEdited(CardEdited(card: try #require(late.payload.card), title: "one", titleChange: Change(old: "one", new: "one")))
        late.happenedAt = Timestamp(millisecondsSinceEpoch: last.timestamp.millisecondsSinceEpoch + 1)
        try other.engine.write { transaction in try other.engine.log.append(late, in: transaction) }
        #expect(try other.engine.verify().firstDifference == "event #\(late.sequence) happened (\(late.happenedAt!)) after it was appended (\(late.timestamp))")
    }

    @Test("log --json carries happenedAt only when there is one; an export imports with its ranges back")
    func exportImport() throws {
        let (fixture, steps) = try Self.fixture()
        defer { fixture.directory.remove() }
        let events = try fixture.engine.events()
        let native = try JSONSerialization.jsonObject(with: JSONEncoder().encode(EventOutput(event: events[0]))) as? [String: Any]
        #expect(native?["happenedAt"] == nil)
        let backdated = try JSONSerialization.jsonObject(with: JSONEncoder().encode(EventOutput(event: events[4]))) as? [String: Any]
        #expect(backdated?["happenedAt"] as? String == Self.in2022(0).description)
        #expect(try JSONDecoder().decode(EventOutput.self, from: JSONEncoder().encode(EventOutput(event: events[4]))) == EventOutput(event: events[4]))

        let lines = try LogExport.lines(of: fixture.engine)
        let target = try EngineFixture()
        defer { target.directory.remove() }
        #expect(try target.engine.importer.log(lines: LogExport.feed(lines)) == lines.count)
        #expect(try LogExport.storedBytes(of: target.engine) == LogExport.storedBytes(of: fixture.engine))
        #expect(try target.engine.verify().firstDifference == nil)
        let trello = try #require(try target.engine.withState { $0.board(named: "trello")?.id })
        let ranges = try target.engine.read { try target.engine.store.existingBackdatedRanges().ranges(of: trello, in: $0) }
        #expect(ranges == [steps[0][0].sequence...steps.last![0].sequence])
        #expect(try target.engine.timeTravel.boardView(named: "trello", at: .moment(Self.in2022(30)), timeZone: Self.utc)
            == fixture.engine.timeTravel.boardView(named: "trello", at: .moment(Self.in2022(30)), timeZone: Self.utc))

        // A line whose happenedAt disagrees with its raw bytes is refused, naming the key.
        var object = try LogExport.object(lines[4])
        object["happenedAt"] = Self.in2022(5).description
        let edited = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        let refused = try EngineFixture()
        defer { refused.directory.remove() }
        #expect(throws: LogImportError.badLine(line: 5, reason: "\"raw\" is not the event the line describes: its \"happenedAt\" differs")) {
            try refused.engine.importer.log(lines: LogExport.feed(Array(lines[..<4]) + [edited]))
        }
    }

    @Test("Ranges: a log that never had one reads none without making the database; ranges come back per board, in order", .disabled(if: SharedLogForTests.url != nil, "a node makes the ranges' database up front"))
    func ranges() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        try fixture.add("one")
        let board = try #require(try engine.withState { $0.board(named: "main")?.id })
        let existing = try engine.store.existingBackdatedRanges()
        #expect(existing.database == nil)
        #expect(try engine.read { try existing.ranges(of: board, in: $0) }.isEmpty)
        #expect(try engine.read { try existing.isEmpty(in: $0) })
        let made = try engine.store.backdatedRanges()
        let other = BoardID(Identifier(high: board.raw.high, low: board.raw.low &+ 1))
        try engine.write { transaction in
            try made.record(board: board, sequences: 10...20, in: transaction)
            try made.record(board: other, sequences: 5...6, in: transaction)
            try made.record(board: board, sequences: 2...3, in: transaction)
        }
        #expect(try engine.read { try made.ranges(of: board, in: $0) } == [2...3, 10...20])
        #expect(try engine.read { try engine.store.existingBackdatedRanges().ranges(of: other, in: $0) } == [5...6])
        #expect(try engine.read { try !made.isEmpty(in: $0) })
    }
}
