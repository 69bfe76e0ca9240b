import Foundation
import KanbanCore
import Testing

/// The flow fold: hand-built logs with known answers. Days are UTC days from Sunday
/// 2026-03-01; `at(d, h)` is h o'clock on day d.
struct FlowBuilderTests {
    static let hour: Int64 = 3_600_000
    static let day: Int64 = 86_400_000

    static func at(_ day: Int64, _ hour: Int64) -> Int64 { Fold.moment(day: day, hour: hour) }

    static func dates(_ report: FlowReport) -> [String] { report.days.map(\.day.description) }
    static func counts(_ report: FlowReport) -> [[Int]] { report.days.map(\.counts) }
    static func weeks(_ report: FlowReport) -> [String] { report.throughput.map { "\($0.week) \($0.done)" } }

    @Test("A card moved TODO → DOING → DONE over known days: counts per day, lead, cycle, time per column, throughput")
    func throughTheBoard() throws {
        var fold = Fold()
        let card = try fold.add("a", at: Self.at(0, 9))
        try fold.move(card, to: "DOING", at: Self.at(1, 9))
        try fold.move(card, to: "DONE", at: Self.at(3, 9))
        let report = fold.flow(end: Self.at(4, 12))
        #expect(report.board == "main")
        #expect(report.columns == ["TODO", "DOING", "DONE"])
        #expect(Self.dates(report) == ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05"])
        #expect(Self.counts(report) == [[1, 0, 0], [0, 1, 0], [0, 1, 0], [0, 0, 1], [0, 0, 1]])
        let flow = try #require(report.cards.only)
        #expect(flow.id == card && flow.title == "a")
        #expect(flow.added.millisecondsSinceEpoch == Self.at(0, 9) && flow.completed.millisecondsSinceEpoch == Self.at(3, 9))
        #expect(flow.lead == 3 * Self.day)
        #expect(flow.cycle == 2 * Self.day)
        #expect(flow.inColumn == [Self.day, 2 * Self.day, Self.day + 3 * Self.hour])
        #expect(report.lead == FlowPercentiles(p50: 3 * Self.day, p85: 3 * Self.day, p95: 3 * Self.day))
        #expect(report.cycle == FlowPercentiles(p50: 2 * Self.day, p85: 2 * Self.day, p95: 2 * Self.day))
        // Sunday 1 March closes week 9; the card arrived on Wednesday of week 10.
        #expect(Self.weeks(report) == ["2026-W09 0", "2026-W10 1"])
        #expect(report.wip == [0, 0, 1])
    }

    @Test("An undone move is no move: the mistaken arrival in DONE does not complete the card; a redone move counts again, an undone redo does not")
    func undoneMoves() throws {
        var fold = Fold()
        let a = try fold.add("a", at: Self.at(0, 9))
        try fold.move(a, to: "DONE", at: Self.at(0, 10))          // by mistake…
        try fold.undo(at: Self.at(1, 9))                           // …undone the next day
        let b = try fold.add("b", at: Self.at(1, 10))
        try fold.move(b, to: "DONE", at: Self.at(1, 11))
        try fold.undo(at: Self.at(1, 12))
        try fold.redo(at: Self.at(1, 13))                          // b arrives in DONE now
        try fold.move(a, to: "DOING", at: Self.at(2, 9))
        let c = try fold.add("c", at: Self.at(2, 10))
        try fold.move(c, to: "DONE", at: Self.at(2, 11))
        try fold.undo(at: Self.at(2, 12))
        try fold.redo(at: Self.at(2, 13))
        try fold.undo(at: Self.at(2, 14))                          // the redo undone: c never arrived
        try fold.move(a, to: "DONE", at: Self.at(3, 9))
        let report = fold.flow(end: Self.at(3, 12))
        // The counts are the board as it stood at each day's end, the mistake included.
        #expect(Self.counts(report) == [[0, 0, 1], [1, 0, 1], [1, 1, 1], [1, 0, 2]])
        #expect(report.cards.map(\.id) == [b, a])
        let flowA = try #require(report.cards.last)
        #expect(flowA.completed.millisecondsSinceEpoch == Self.at(3, 9))
        #expect(flowA.lead == 3 * Self.day && flowA.cycle == Self.day)
        // Its hours in DONE by mistake count in TODO, where it stood as far as moves go.
        #expect(flowA.inColumn == [2 * Self.day, Self.day, 3 * Self.hour])
        let flowB = try #require(report.cards.first)
        #expect(flowB.lead == 3 * Self.hour && flowB.cycle == 0)
        #expect(Self.weeks(report) == ["2026-W09 0", "2026-W10 2"])
        #expect(!report.cards.contains { $0.id == c })
    }

    @Test("A renamed column keeps its history under its name at the end")
    func renamedColumn() throws {
        var fold = Fold()
        let a = try fold.add("a", at: Self.at(0, 9))
        try fold.move(a, to: "DONE", at: Self.at(0, 10))
        try fold.run(.renameColumn(board: "main", column: "DONE", to: "Shipped"), at: Self.at(1, 9))
        let b = try fold.add("b", at: Self.at(1, 10))
        try fold.move(b, to: "Shipped", at: Self.at(2, 9))
        let report = fold.flow(end: Self.at(2, 12))
        #expect(report.columns == ["TODO", "DOING", "Shipped"])
        #expect(Self.counts(report) == [[0, 0, 1], [1, 0, 1], [0, 0, 2]])
        #expect(report.cards.map(\.id) == [a, b])
    }

    @Test("A removed column keeps the name it had, made unique when a live column took it; one the figures never mention is left out")
    func removedColumn() throws {
        var fold = Fold()
        try fold.run(.addColumn(board: "main", name: "REVIEW", index: 2), at: Self.at(0, 8))
        try fold.run(.addColumn(board: "main", name: "Unused"), at: Self.at(0, 8))
        let a = try fold.add("a", at: Self.at(0, 9))
        try fold.move(a, to: "REVIEW", at: Self.at(0, 10))
        try fold.move(a, to: "DONE", at: Self.at(1, 9))
        try fold.run(.renameColumn(board: "main", column: "REVIEW", to: "Review"), at: Self.at(1, 10))
        try fold.run(.removeColumn(board: "main", column: "Review"), at: Self.at(2, 9))
        try fold.run(.removeColumn(board: "main", column: "Unused"), at: Self.at(2, 9))
        try fold.run(.addColumn(board: "main", name: "Review", index: 2), at: Self.at(2, 10))
        let report = fold.flow(end: Self.at(2, 12))
        #expect(report.columns == ["TODO", "DOING", "Review", "DONE", "Review (removed)"])
        #expect(Self.counts(report) == [[0, 0, 0, 0, 1], [0, 0, 0, 1, 0], [0, 0, 0, 1, 0]])
        let flow = try #require(report.cards.only)
        #expect(flow.inColumn == [Self.hour, 0, 0, Self.day + 3 * Self.hour, 23 * Self.hour])
        #expect(flow.cycle == 23 * Self.hour)
        #expect(report.wip == [0, 0, 0, 1, 0])
        // The last column is the last at the end: a column added after DONE takes its place.
        try fold.run(.addColumn(board: "main", name: "Archived"), at: Self.at(2, 11))
        #expect(fold.flow(end: Self.at(2, 12)).cards.isEmpty)
    }

    @Test("A deleted card leaves the counts and its time stops; brought back, it returns")
    func deletedAndRevived() throws {
        var fold = Fold()
        let a = try fold.add("a", at: Self.at(0, 9))
        try fold.move(a, to: "DOING", at: Self.at(0, 10))
        try fold.run(.deleteCard(board: "main", card: a.description), at: Self.at(1, 9))
        fold.clock = Self.at(3, 9) - 1000
        try fold.revive(a.description)
        try fold.move(a, to: "DONE", at: Self.at(4, 9))
        let report = fold.flow(end: Self.at(4, 12))
        #expect(Self.counts(report) == [[0, 1, 0], [0, 0, 0], [0, 0, 0], [0, 1, 0], [0, 0, 1]])
        let flow = try #require(report.cards.only)
        #expect(flow.lead == 4 * Self.day && flow.cycle == 4 * Self.day - Self.hour)
        #expect(flow.inColumn == [Self.hour, 47 * Self.hour, 3 * Self.hour])
    }

    @Test("A restore moves many cards at once and counts as moves; its undo moves them back and does not, and the restore's moves are undone")
    func restore() throws {
        var fold = Fold()
        let a = try fold.add("a", at: Self.at(0, 9))
        let b = try fold.add("b", at: Self.at(0, 10))
        let past = fold.state
        let sequence = fold.state.lastSequence
        try fold.move(a, to: "DONE", at: Self.at(1, 9))
        try fold.move(b, to: "DOING", at: Self.at(1, 10))
        let decided = try #require(try Decider.restore(board: "main", to: past, sequence: sequence, timestamp: Timestamp(millisecondsSinceEpoch: Self.at(0, 10)), in: fold.state))
        fold.clock = Self.at(2, 9) - 1000
        _ = fold.append(decided, actor: "tester")
        let restored = fold.events.count
        try fold.undo(at: Self.at(3, 9))

        let before = fold.flow(end: Self.at(2, 12), events: restored)
        #expect(Self.counts(before) == [[2, 0, 0], [0, 1, 1], [2, 0, 0]])
        let flowA = try #require(before.cards.only)
        #expect(flowA.id == a && flowA.completed.millisecondsSinceEpoch == Self.at(1, 9))
        #expect(flowA.inColumn == [Self.day + 3 * Self.hour, 0, Self.day])

        let after = fold.flow(end: Self.at(3, 12))
        #expect(Self.counts(after) == [[2, 0, 0], [0, 1, 1], [2, 0, 0], [0, 1, 1]])
        let undoneA = try #require(after.cards.only)
        #expect(undoneA.inColumn == [Self.day, 0, 2 * Self.day + 3 * Self.hour])
        #expect(after.wip == [0, 1, 1])
        #expect(!after.cards.contains { $0.id == b })
    }

    @Test("Added straight into the last column: lead 0, no cycle time; added into a middle column: cycle equals lead; TODO to DONE at once: cycle 0")
    func shortcuts() throws {
        var fold = Fold()
        let x = try fold.add("x", column: "DONE", at: Self.at(0, 9))
        let y = try fold.add("y", column: "DOING", at: Self.at(0, 10))
        let z = try fold.add("z", at: Self.at(0, 11))
        try fold.move(y, to: "DONE", at: Self.at(1, 10))
        try fold.move(z, to: "DONE", at: Self.at(2, 11))
        let report = fold.flow(end: Self.at(2, 12))
        #expect(report.cards.map(\.id) == [x, y, z])
        #expect(report.cards.map(\.lead) == [0, Self.day, 2 * Self.day])
        #expect(report.cards.map(\.cycle) == [nil, Self.day, 0])
        #expect(report.lead == FlowPercentiles(p50: Self.day, p85: 2 * Self.day, p95: 2 * Self.day))
        #expect(report.cycle == FlowPercentiles(p50: 0, p85: Self.day, p95: Self.day))
    }

    @Test("A board of one column: every card arrives in its last column when added; other boards' events are passed over")
    func oneColumn() throws {
        var fold = Fold()
        try fold.run(.createBoard(name: "solo", columns: ["ALL"]), at: Self.at(0, 9))
        _ = try fold.add("elsewhere", at: Self.at(0, 9))
        let card = try fold.add("only", board: "solo", at: Self.at(0, 10))
        let report = fold.flow(board: "solo", end: Self.at(1, 0))
        #expect(report.board == "solo" && report.columns == ["ALL"])
        #expect(Self.counts(report) == [[1], [1]])
        let flow = try #require(report.cards.only)
        #expect(flow.id == card && flow.lead == 0 && flow.cycle == nil && flow.inColumn == [14 * Self.hour])
        #expect(report.cycle == FlowPercentiles(p50: nil, p85: nil, p95: nil))
        #expect(Self.weeks(report) == ["2026-W09 1", "2026-W10 0"])
    }

    @Test("Days are calendar days of the time zone given")
    func timeZones() throws {
        var fold = Fold()
        let card = try fold.add("late", at: Self.at(0, 23) + 30 * 60_000)
        try fold.move(card, to: "DONE", at: Self.at(1, 1))
        let utc = fold.flow(end: Self.at(1, 2))
        #expect(Self.dates(utc) == ["2026-03-01", "2026-03-02"])
        #expect(Self.counts(utc) == [[1, 0, 0], [0, 0, 1]])
        let seoul = fold.flow(end: Self.at(1, 2), timeZone: TimeZone(identifier: "Asia/Seoul")!)
        #expect(Self.dates(seoul) == ["2026-03-02"])
        #expect(Self.counts(seoul) == [[0, 0, 1]])
        let honolulu = fold.flow(end: Self.at(1, 2), timeZone: TimeZone(identifier: "Pacific/Honolulu")!)
        #expect(Self.dates(honolulu) == ["2026-03-01"])
    }

    @Test("since starts the days at its day and lists only the cards that arrived in the last column from then on")
    func since() throws {
        var fold = Fold()
        let card = try fold.add("a", at: Self.at(0, 9))
        try fold.move(card, to: "DOING", at: Self.at(1, 9))
        try fold.move(card, to: "DONE", at: Self.at(3, 9))
        let fromThird = fold.flow(since: Self.at(2, 0), end: Self.at(4, 12))
        #expect(Self.dates(fromThird) == ["2026-03-03", "2026-03-04", "2026-03-05"])
        #expect(Self.counts(fromThird) == [[0, 1, 0], [0, 0, 1], [0, 0, 1]])
        #expect(fromThird.cards.map(\.id) == [card])
        #expect(Self.weeks(fromThird) == ["2026-W10 1"])
        let fromFifth = fold.flow(since: Self.at(4, 0), end: Self.at(4, 12))
        #expect(Self.dates(fromFifth) == ["2026-03-05"])
        #expect(fromFifth.cards.isEmpty)
        #expect(fromFifth.lead == FlowPercentiles(p50: nil, p85: nil, p95: nil))
        #expect(fold.flow(since: Self.at(9, 0), end: Self.at(4, 12)).days.isEmpty)
    }

    @Test("Timestamps at the ends of Int64, or going backwards, never trap: durations saturate, days are capped", arguments: ["UTC", "Asia/Seoul", "America/St_Johns"])
    func extremeTimestamps(zone: String) throws {
        let board = BoardID(Identifier(high: 1, low: 1))
        let todo = ColumnSpec(id: ColumnID(Identifier(high: 2, low: 1)), name: "TODO")
        let done = ColumnSpec(id: ColumnID(Identifier(high: 2, low: 2)), name: "DONE")
        let card = Card(id: CardID(Identifier(high: 3, low: 1)), column: todo.id, key: .middle, title: "far")
        let payloads: [(Int64, EventPayload)] = [
            (.min, .boardCreated(BoardCreated(name: "b", columns: [todo, done]))),
            (.min, .cardAdded(CardAdded(card: card, index: 0))),
            (.max, .cardMoved(CardMoved(card: card.id, title: "far", from: todo.id, fromIndex: 0, to: done.id, toIndex: 0, key: .middle))),
            (0, .cardMoved(CardMoved(card: card.id, title: "far", from: done.id, fromIndex: 0, to: todo.id, toIndex: 0, key: .middle))),
            (.max, .cardMoved(CardMoved(card: card.id, title: "far", from: todo.id, fromIndex: 0, to: ColumnID(Identifier(high: 9, low: 9)), toIndex: 0, key: .middle))),
        ]
        var builder = FlowBuilder(board: board, timeZone: try #require(TimeZone(identifier: zone)))
        for (index, (time, payload)) in payloads.enumerated() {
            builder.consume(RecordedEvent(
                sequence: UInt64(index + 1), timestamp: Timestamp(millisecondsSinceEpoch: time), actor: "x",
                id: EventID(Identifier(high: 4, low: UInt64(index))), board: board, payload: payload
            ))
        }
        for end in [Int64.max, .min, 0] {
            let report = builder.report(since: Timestamp(millisecondsSinceEpoch: .min), end: Timestamp(millisecondsSinceEpoch: end))
            #expect(report.days.count <= Int(FlowBuilder.maximumDays))
            #expect(report.throughput.count <= Int(FlowBuilder.maximumDays) / 7 + 2)
            let flow = try #require(report.cards.only)
            #expect(flow.lead == .max)
            #expect(flow.inColumn.allSatisfy { $0 >= 0 })
        }
        #expect(builder.report(end: Timestamp(millisecondsSinceEpoch: .max)).days.count == Int(FlowBuilder.maximumDays))
    }
}
