import Foundation
@testable import Kanban
import KanbanCore
import KanbanTestSupport
import PropertyBased
import Testing

/// Boards as of a past moment, diffs, and restore.
struct TimeTravelTests {
    /// Cards per column as a board view shows them: ids, titles, descriptions and due dates.
    static func contents(_ view: BoardView) -> [[String]] {
        view.columns.map { column in
            [column.name] + column.cards.map { "\($0.card.id)|\($0.card.title)|\($0.card.description)|\($0.card.due.map(\.description) ?? "-")" }
        }
    }

    @Test("board --at equals the board recorded at that moment, by sequence and by time")
    func boardAt() async throws {
        await propertyCheck(count: 8, input: Gen.uint64()) { seed throws in
            let fixture = try EngineFixture()
            defer { fixture.directory.remove() }
            var random = SeededGenerator(seed: seed)
            var recorded: [(UInt64, Timestamp, [[String]])] = []
            for _ in 0..<60 {
                let command = try fixture.engine.withState { RandomCommands.next(in: $0, using: &random) }
                guard let events = try? fixture.engine.execute(command, actor: "ana"), let last = events.last else { continue }
                recorded.append((last.sequence, last.timestamp, Self.contents(try fixture.engine.boardView(named: "main"))))
                if Int.random(in: 0..<7, using: &random) == 0 { try fixture.engine.snapshots.take() }
            }
            for (sequence, timestamp, contents) in recorded {
                #expect(Self.contents(try fixture.engine.timeTravel.boardView(named: "main", at: .sequence(sequence))) == contents)
                #expect(Self.contents(try fixture.engine.timeTravel.boardView(named: "main", at: .moment(timestamp))) == contents)
            }
        }
    }

    @Test("sequence(atOrBefore:) finds the last event at or before a moment")
    func sequenceAtMoment() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        for index in 0..<9 { try fixture.add("card \(index)") }
        let events = try fixture.engine.events()
        for event in events {
            #expect(try fixture.engine.timeTravel.sequence(atOrBefore: event.timestamp) >= event.sequence)
            let before = Timestamp(millisecondsSinceEpoch: event.timestamp.millisecondsSinceEpoch - 1)
            #expect(try fixture.engine.timeTravel.sequence(atOrBefore: before) < event.sequence)
        }
        #expect(try fixture.engine.timeTravel.sequence(atOrBefore: Timestamp(millisecondsSinceEpoch: 0)) == 0)
        #expect(throws: KanbanError.self) { try fixture.engine.timeTravel.sequence(of: .sequence(1000)) }
    }

    @Test("restore then board equals board --at; undo of the restore returns to the board before it")
    func restore() async throws {
        await propertyCheck(count: 10, input: Gen.uint64()) { seed throws in
            let fixture = try EngineFixture()
            defer { fixture.directory.remove() }
            var random = SeededGenerator(seed: seed)
            for _ in 0..<80 {
                let command = try fixture.engine.withState { RandomCommands.next(in: $0, using: &random) }
                _ = try? fixture.engine.execute(command, actor: Bool.random(using: &random) ? "ana" : "bo")
            }
            let last = try fixture.engine.statistics().lastSequence
            guard last > 1 else { return }
            let target = UInt64.random(in: 1...last, using: &random)
            let before = Self.contents(try fixture.engine.boardView(named: "main"))
            let then = Self.contents(try fixture.engine.timeTravel.boardView(named: "main", at: .sequence(target)))
            let diff = try fixture.engine.timeTravel.diff(board: "main", from: .sequence(target))
            let events = try fixture.engine.execute(.restore(board: "main", to: .sequence(target)), actor: "cy")
            // One event, or none when nothing differs (a board that looks the same may still have
            // its cards' order keys set back, which is one event that changes nothing visible).
            #expect(events.count <= 1)
            #expect(before == then || events.count == 1)
            #expect(diff.isEmpty || events.count == 1)
            #expect(Self.contents(try fixture.engine.boardView(named: "main")) == then)
            #expect(try fixture.engine.timeTravel.diff(board: "main", from: .sequence(target)).isEmpty)
            if events.isEmpty { return }
            #expect(try fixture.engine.history.entries(HistoryQuery(limit: 1)).first?.line.hasPrefix("Restored the board to #\(target) (") == true)
            try fixture.engine.undo(actor: "cy")
            #expect(Self.contents(try fixture.engine.boardView(named: "main")) == before)
            try fixture.engine.redo(actor: "cy")
            #expect(Self.contents(try fixture.engine.boardView(named: "main")) == then)
            // The log keeps everything: a fresh replay gives the live state.
            let live = try fixture.engine.withState { $0 }
            #expect(try KanbanEngine(path: fixture.path).replay(ignoringSnapshots: true).events == Int(live.lastSequence))
            #expect(try fixture.engine.verify().firstDifference == nil)
        }
    }

    @Test("A fresh engine shows and diffs the past of a board renamed since, by its name now, without building the present's state")
    func pastWithoutPresent() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        _ = try fixture.add("first")
        try fixture.engine.snapshots.take()
        let before = try fixture.engine.statistics().lastSequence
        let second = try fixture.add("second")
        let mark = try fixture.engine.statistics().lastSequence
        let then = Self.contents(try fixture.engine.boardView(named: "main"))
        try fixture.engine.execute(.renameBoard(board: "main", to: "Roadmap, 2027 — 로드맵"), actor: "ana")
        _ = try fixture.add("third", board: "Roadmap, 2027 — 로드맵")
        try fixture.engine.snapshots.take()
        _ = try fixture.add("fourth", board: "Roadmap, 2027 — 로드맵")

        let fresh = try KanbanEngine(path: fixture.path)
        #expect(Self.contents(try fresh.timeTravel.boardView(named: "Roadmap, 2027 — 로드맵", at: .sequence(mark))) == then)
        // A diff between two moments before the rename finds the board by its name now, too.
        #expect(try fresh.timeTravel.diff(board: "Roadmap, 2027 — 로드맵", from: .sequence(before), to: .sequence(mark)).added.map(\.id) == [second])
        #expect(try fresh.timeTravel.diff(board: "main", from: .sequence(before), to: .sequence(mark)).added.map(\.id) == [second])
        // Neither decoded the cards of now: the state reads are served from is still unbuilt.
        #expect(try fresh.withReadCore { $0.state.lastSequence } == 0)
        #expect(throws: KanbanError.unknownBoard("main")) { try fresh.timeTravel.boardView(named: "main", at: .sequence(mark + 2)) }
        #expect(try fresh.withReadCore { $0.state.lastSequence } == 0)
    }

    @Test("On a log of several boards, a board as of a moment and a diff, decoded with that board's cards only, equal what the whole state gives")
    func oneBoardOfSeveral() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("boards.db"), options: EngineOptions(snapshotInterval: 97))
        try engine.importer.generate(events: 1_500, seed: 4, boards: 3, batchSize: 40)
        EngineSnapshots.waitForBackgroundWork()
        #expect(try engine.snapshots.list().count > 5)
        let names = try engine.withState { state in state.boardOrder.compactMap { state.boards[$0]?.name } }
        #expect(names.count == 3)
        var compared = 0
        for sequence in stride(from: UInt64(1), through: 1_500, by: 37) {
            let whole = try engine.timeTravel.state(atSequence: sequence).state
            for name in names {
                guard let board = whole.board(named: name) else {
                    #expect(throws: KanbanError.unknownBoard(name)) { try engine.timeTravel.boardView(named: name, at: .sequence(sequence)) }
                    continue
                }
                let now = Timestamp(millisecondsSinceEpoch: 0)
                let expected = whole.view(of: board, now: now, today: now.utcDay)
                #expect(Self.contents(try engine.timeTravel.boardView(named: name, at: .sequence(sequence))) == Self.contents(expected), "\(name) at #\(sequence)")
                let later = min(sequence + 200, 1_500)
                let diff = try engine.timeTravel.diff(board: name, from: .sequence(sequence), to: .sequence(later))
                #expect(diff == BoardDiff(board: board.id, from: whole, to: try engine.timeTravel.state(atSequence: later).state))
                compared += 1
            }
        }
        #expect(compared > 90)
    }

    @Test("A short-lived engine lays one board of several out now from that board's cards alone, as a long-lived engine does from the whole state")
    func oneBoardNow() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("now.db")
        let writer = try KanbanEngine(path: path, options: EngineOptions(snapshotInterval: 97))
        #expect(Self.contents(try KanbanEngine(path: path, options: EngineOptions(isShortLived: true)).boardView(named: "main")) == Self.contents(DefaultBoard.placeholderView))
        try writer.generate(events: 900, seed: 9, boards: 3, batchSize: 50)
        EngineSnapshots.waitForBackgroundWork()
        let names = try writer.withState { state in state.boardOrder.compactMap { state.boards[$0]?.name } }
        let now = Timestamp(millisecondsSinceEpoch: 1_900_000_000_000)
        func check(_ label: String) throws {
            let whole = try KanbanEngine(path: path)
            let once = try KanbanEngine(path: path, options: EngineOptions(isShortLived: true))
            for name in names + ["BOARD-2"] where try whole.withState({ $0.board(named: name) }) != nil {
                #expect(try once.boardView(named: name, now: now, timeZone: .gmt) == (try whole.boardView(named: name, now: now, timeZone: .gmt)), "\(label): \(name)")
            }
            #expect(try once.withReadCore { $0.state.lastSequence } == 0, "\(label): nothing kept")
            #expect(throws: KanbanError.unknownBoard("nowhere")) { try once.boardView(named: "nowhere") }
        }
        try check("after generate")
        // A rename after the newest snapshot: the board is found by its new name, in the
        // outline and, with the outline gone (a log written by a build that kept none), in the
        // boards and columns of the newest snapshot and the events after it.
        try writer.execute(.renameBoard(board: "board-3", to: "Été, 로드맵 🚀"), actor: "ana")
        try check("after a rename")
        let removed = try writer.log.environment.write { transaction in
            try transaction.delete(forKey: OutlineStore.key, in: writer.outlines.database)
        }
        #expect(removed)
        try check("without an outline")
        let once = try KanbanEngine(path: path, options: EngineOptions(isShortLived: true))
        try once.execute(.addCard(board: "Été, 로드맵 🚀", title: "-- a title with dashes"), actor: "ana")
        let view = try once.boardView(named: "Été, 로드맵 🚀")
        #expect(view.columns.first?.cards.last?.card.title == "-- a title with dashes")
    }

    @Test("diff lists cards added, removed, moved and edited")
    func diff() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let kept = try fixture.add("kept")
        let gone = try fixture.add("gone")
        let mark = try fixture.engine.statistics().lastSequence
        let fresh = try fixture.add("fresh")
        try fixture.engine.execute(.deleteCard(board: "main", card: gone.description), actor: "ana")
        try fixture.engine.execute(.moveCard(board: "main", card: kept.description, column: "DONE"), actor: "ana")
        try fixture.engine.execute(.editCard(board: "main", card: kept.description, title: "kept!"), actor: "ana")
        let diff = try fixture.engine.timeTravel.diff(board: "main", from: .sequence(mark))
        #expect(diff.added.map(\.id) == [fresh])
        #expect(diff.removed.map(\.id) == [gone])
        #expect(diff.moved.map(\.card.id) == [kept])
        #expect(diff.moved.first?.fromColumn == "TODO" && diff.moved.first?.toColumn == "DONE")
        #expect(diff.edited.map(\.fields) == [["title"]])
        #expect(try fixture.engine.timeTravel.diff(board: "main", from: .sequence(mark), to: .sequence(mark)).isEmpty)
    }

    @Test("A restore brings back removed columns and removes columns made since")
    func restoreColumns() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try fixture.add("a", column: "DOING")
        let mark = try fixture.engine.statistics().lastSequence
        try fixture.engine.execute(.addColumn(board: "main", name: "Review"), actor: "ana")
        try fixture.engine.execute(.renameColumn(board: "main", column: "DONE", to: "Shipped"), actor: "ana")
        try fixture.engine.execute(.removeColumn(board: "main", column: "TODO"), actor: "ana")
        try fixture.engine.execute(.restore(board: "main", to: .sequence(mark)), actor: "ana")
        #expect(try fixture.engine.boardView(named: "main").columns.map(\.name) == ["TODO", "DOING", "DONE"])
        #expect(try fixture.engine.verify().firstDifference == nil)
    }
}
