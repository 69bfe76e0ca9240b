@testable import Kanban
import KanbanCore
import KanbanTestSupport
import LMDBStorage
import Testing

/// One card's history is read through the history index (its events, its boards' renames, the
/// log after the index's extent); it must equal the whole-log fold exactly, and finding a card
/// by a prefix of its id must match what a scan of every `cardAdded` finds.
struct HistoryIndexTests {
    @Test("The index's keys are laid out byte for byte as every earlier version wrote them")
    func keyLayout() {
        let card = CardID(Identifier(high: 0x0102_0304_0506_0708, low: 0x1112_1314_1516_1718))
        let sequence: UInt64 = 0x0000_0003_0000_0005
        let cardBytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18]
        let sequenceBytes: [UInt8] = [0, 0, 0, 3, 0, 0, 0, 5]
        // Tag 1, the epoch (sequence >> 16) in four bytes, the card, the sequence.
        #expect(HistoryIndex.cardKey(card, sequence: sequence, epochShift: 16) == [1, 0, 3, 0, 0] + cardBytes + sequenceBytes)
        #expect(HistoryIndex.cardKey(card, sequence: 5, epochShift: 2) == [1, 0, 0, 0, 1] + cardBytes + [0, 0, 0, 0, 0, 0, 0, 5])
        #expect(HistoryIndex.key([2], card.raw, sequence: sequence) == [2] + cardBytes + sequenceBytes)
        #expect(HistoryIndex.key([3], sequence: 5) == [3, 0, 0, 0, 0, 0, 0, 0, 5])
        #expect(HistoryIndex.key([4, 9], card.raw) == [4, 9] + cardBytes)
        #expect(HistoryIndex.key([]) == [])
    }

    @Test("A card's history through the index equals the whole log's fold, for every card, filter and limit (odd seeds: an epoch every 4 events)", arguments: 0..<6)
    func cardHistoryEqualsFold(seed: UInt64) throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        if seed % 2 == 1 { try Self.useSmallEpochs(fixture.engine) }
        try Self.busyLog(on: fixture.engine, seed: seed)
        try Self.expectEveryCardHistoryEqualsFold(of: fixture.engine, seed: seed)
    }

    @Test("An index behind the log (none, or part of it) gives the same answers, and catching up fills it", arguments: [0, 1, 40] as [Int])
    func laggingIndex(indexed: Int) throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try Self.busyLog(on: fixture.engine, seed: 99)
        let engine = fixture.engine
        let last = try engine.lastSequence()
        try Self.dropIndex(of: engine)
        if indexed == 40 { try Self.useSmallEpochs(engine) }
        if indexed > 0 {
            try engine.log.environment.write { transaction in
                _ = try engine.historyIndex.extend(from: engine.log, limit: indexed, in: transaction)
            }
        }
        #expect(try engine.history.indexLag() == last - UInt64(indexed))
        try Self.expectEveryCardHistoryEqualsFold(of: engine, seed: 99)
        var reports: [UInt64] = []
        #expect(try engine.catchUpHistoryIndex { done, _ in reports.append(done) } == last - UInt64(indexed))
        #expect(reports == [last])
        #expect(try engine.history.indexLag() == 0)
        #expect(try engine.verify().firstDifference == nil)
        try Self.expectEveryCardHistoryEqualsFold(of: engine, seed: 99)
    }

    @Test("A card found by a prefix of its id (dashes, upper case, any length) is the one a scan finds; none and several are told apart (odd seeds: an epoch every 4 events)", arguments: 0..<4)
    func prefixes(seed: UInt64) throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        if seed % 2 == 1 { try Self.useSmallEpochs(fixture.engine) }
        try Self.busyLog(on: fixture.engine, seed: seed)
        let engine = fixture.engine
        let events = try engine.events()
        let added: [(card: CardID, board: BoardID)] = events.compactMap { event in
            guard case .cardAdded(let added) = event.payload else { return nil }
            return (added.card.id, event.board)
        }
        let boards = try engine.withState { state in state.boards.values.map { ($0.id, $0.name) } }
        var random = SeededGenerator(seed: seed)
        var references: [String] = ["", " ", "z", "-", "0", "f", "4", "zz", "g1", String(repeating: "a", count: 40)]
        for (card, _) in added.shuffled(using: &random).prefix(12) {
            let text = card.description
            for length in [1, 2, 3, 8, 9, 10, 14, 36] { references.append(String(text.prefix(length))) }
            references.append(text.uppercased())
            references.append(" \(text.prefix(6)) ")
            references.append(text + "0")
        }
        for reference in references {
            for (boardID, boardName) in [(nil, nil)] + boards.map({ (Optional($0.0), Optional($0.1)) }) {
                let prefix = reference.trimmingCharacters(in: .whitespaces).lowercased()
                let expected = Set(added.filter { (boardID == nil || $0.board == boardID) && !prefix.isEmpty && $0.card.description.hasPrefix(prefix) }.map(\.card))
                let outcome = Result { try engine.history.entries(HistoryQuery(board: boardName, card: reference, limit: 1)) }
                switch (expected.count, outcome) {
                case (0, .failure(let error)):
                    #expect(error as? KanbanError == .unknownCard(reference), "\(reference) on \(boardName ?? "every board")")
                case (1, .success(let entries)):
                    #expect(entries.first?.card == expected.first, "\(reference) on \(boardName ?? "every board")")
                case (let count, .failure(let error)) where count > 1:
                    #expect(error as? KanbanError == .ambiguousCard(reference, matches: count), "\(reference) on \(boardName ?? "every board")")
                default:
                    Issue.record("\(reference) on \(boardName ?? "every board"): expected \(expected.count) matches, got \(outcome)")
                }
            }
        }
    }

    @Test("verify finds an index entry missing, wrong or extra")
    func verifyChecksTheIndex() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        let card = try fixture.add("one")
        try fixture.add("two")
        try engine.execute(.moveCard(board: "main", card: card.description, column: "DONE"), actor: "ana")
        #expect(try engine.verify().firstDifference == nil)
        let key = HistoryIndex.cardKey(card, sequence: try engine.lastSequence())
        let stored = try engine.log.environment.read { try $0.value(forKey: key, in: engine.historyIndex.database) }
        #expect(stored != nil)

        try engine.log.environment.write { try $0.put([0x07] + (stored ?? []).dropFirst(), forKey: key, in: engine.historyIndex.database) }
        #expect(try engine.verify().firstDifference == "the history index holds a wrong entry for event #\(try engine.lastSequence())")
        try engine.log.environment.write { transaction in _ = try transaction.delete(forKey: key, in: engine.historyIndex.database) }
        #expect(try engine.verify().firstDifference == "the history index lacks an entry for event #\(try engine.lastSequence())")
        try engine.log.environment.write { transaction in
            try transaction.put(stored ?? [], forKey: key, in: engine.historyIndex.database)
            try transaction.put([0], forKey: HistoryIndex.key([0x03], sequence: 1), in: engine.historyIndex.database)
        }
        #expect(try engine.verify().firstDifference?.hasPrefix("the history index holds 5 entries where") == true)
    }

    @Test("Commands index their events as they commit, snapshots or not, and generate in each batch")
    func indexFollowsWrites() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("db"), options: EngineOptions(snapshotInterval: 7))
        try engine.importer.generate(events: 200, seed: 3, batchSize: 30)
        EngineSnapshots.waitForBackgroundWork()
        #expect(try engine.history.indexLag() == 0)
        var random = SeededGenerator(seed: 5)
        try RandomActivity.run(60, on: engine, actors: ["ana", "bob"], addPercent: 20, using: &random)
        EngineSnapshots.waitForBackgroundWork()
        #expect(try engine.history.indexLag() == 0)
        #expect(try engine.verify().firstDifference == nil)
        try Self.expectEveryCardHistoryEqualsFold(of: engine, seed: 5)
    }

    @Test("An index of the first layout (card keys without the epoch) covers nothing, and the next extension, by catch-up or by a command, rebuilds it", arguments: [false, true])
    func firstLayoutIsRebuilt(byCommand: Bool) throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        try Self.busyLog(on: fixture.engine, seed: 7)
        let engine = fixture.engine
        let last = try engine.lastSequence()
        // What the first layout wrote: 0x01 · card · sequence, the naming entries, the extent.
        try engine.log.environment.write { transaction in
            let database = engine.historyIndex.database
            try transaction.removeAll(in: database)
            try engine.log.forEachRaw(after: 0, in: transaction) { sequence, bytes in
                for (key, value) in HistoryIndex.entries(of: bytes, sequence: sequence, epochShift: 16) {
                    let firstLayoutKey = key.first == 0x01 ? [0x01] + key.dropFirst(5) : key
                    try transaction.put(value, forKey: firstLayoutKey, in: database)
                }
                return true
            }
            try transaction.put((0..<8).map { UInt8(truncatingIfNeeded: last >> (8 * UInt64($0))) }, forKey: [0xFF], in: database)
        }
        #expect(try engine.history.indexLag() == last)
        #expect(try engine.verify().firstDifference != nil, "the old entries are not this layout's")
        try Self.expectEveryCardHistoryEqualsFold(of: engine, seed: 7)
        if byCommand {
            // Any command: a new board always can be made (random work may have renamed main).
            _ = try engine.execute(.createBoard(name: "After the upgrade"), actor: "ana")
        } else {
            #expect(try engine.history.catchUpIndex() == last)
        }
        #expect(try engine.history.indexLag() == 0)
        #expect(try engine.verify().firstDifference == nil)
        var shortKeys = 0 // first-layout card entries
        try engine.log.environment.read { transaction in
            try engine.historyIndex.forEachEntry(in: transaction) { key, _ in if key.first == 0x01, key.count == 25 { shortKeys += 1 } }
        }
        #expect(shortKeys == 0)
        try Self.expectEveryCardHistoryEqualsFold(of: engine, seed: 7)
    }

    // MARK: Helpers

    /// Random work on `main` and on a second board, a restore, then renames and a new column
    /// after most cards' events, so that a page walks back through names.
    static func busyLog(on engine: KanbanEngine, seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        try RandomActivity.run(160, on: engine, actors: ["ana", "bob", "민준"], undoPercent: 12, redoPercent: 8, addPercent: 20, using: &random)
        _ = try engine.execute(.createBoard(name: "Équipe, ops"), actor: "bob")
        for index in 0..<6 { _ = try engine.execute(.addCard(board: "Équipe, ops", title: "-ops \(index), 운영 🚀"), actor: "bob") }
        let middle = try engine.statistics().events / 2
        _ = try? engine.execute(.restore(board: "main", to: .sequence(UInt64(middle))), actor: "ana")
        try RandomActivity.run(60, on: engine, actors: ["ana", "bob"], undoPercent: 12, redoPercent: 8, using: &random)
        _ = try? engine.execute(.renameColumn(board: "main", column: "DOING", to: "In progress"), actor: "ana")
        _ = try? engine.execute(.renameColumn(board: "Équipe, ops", column: "TODO", to: "À faire"), actor: "ana")
        _ = try? engine.execute(.addColumn(board: "main", name: "Review", index: 1), actor: "bob")
        _ = try? engine.undo(actor: "ana")
    }

    /// For every card ever added, under a few filters and limits: the engine's history equals a
    /// fold of the whole log through ``HistoryBuilder`` (no index), from a built engine and from
    /// a fresh one.
    static func expectEveryCardHistoryEqualsFold(of engine: KanbanEngine, seed: UInt64) throws {
        let events = try engine.events()
        let cards = events.compactMap { event -> (CardID, BoardID)? in
            if case .cardAdded(let added) = event.payload { return (added.card.id, event.board) } else { return nil }
        }
        let boards = try engine.withState { state in state.boards.values.map { ($0.id, $0.name) } }
        let fresh = try KanbanEngine(path: engine.path)
        let middle = UInt64(events.count / 2)
        for (card, board) in cards {
            let filters = [
                HistoryFilter(card: card), HistoryFilter(card: card, actor: "bob"), HistoryFilter(card: card, untilSequence: middle),
                HistoryFilter(board: board, card: card),
            ]
            // On a board it was never added to, the card is unknown.
            for (other, name) in boards where other != board {
                let query = HistoryQuery(board: name, card: card.description, limit: 5)
                #expect(throws: KanbanError.unknownCard(card.description)) { try engine.history.entries(query) }
            }
            for filter in filters {
                var builder = HistoryBuilder(filter: filter, language: .english)
                for event in events { builder.consume(event) }
                let whole = builder.result
                let board = filter.board.flatMap { id in boards.first { $0.0 == id }?.1 }
                for limit in [nil, 1, 3, 50] as [Int?] {
                    let query = HistoryQuery(board: board, card: card.description, actor: filter.actor, untilSequence: filter.untilSequence, limit: limit)
                    let expected = limit.map { Array(whole.suffix($0)) } ?? whole
                    #expect(try engine.history.entries(query) == expected, "seed \(seed), \(query)")
                    #expect(try fresh.history.entries(query) == expected, "seed \(seed), fresh, \(query)")
                    if try engine.history.entries(query) != expected { return }
                }
            }
        }
    }

    /// Makes the history index of an engine that has indexed nothing yet start a new epoch every
    /// 4 events (65,536 otherwise), so that small logs cross many.
    @Test("Every comment, checklist item and link ever added is listed under its card (deleted ones too); a card's events after a sequence are its trail's tail, in every epoch", arguments: [false, true])
    func addedDetailsAndTails(smallEpochs: Bool) throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        if smallEpochs { try Self.useSmallEpochs(engine) }
        let card = try fixture.add("Long history, 긴 역사")
        let other = try fixture.add("Other")
        let id = card.description
        var added: [DetailID] = []
        for round in 0..<12 {
            let command: Command = switch round % 3 {
            case 0: .addComment(board: "main", card: id, text: "**note** \(round)")
            case 1: .addChecklistItem(board: "main", card: id, text: "- step \(round)")
            default: .attachLink(board: "main", card: id, url: "https://example.com/\(round),x")
            }
            let events = try engine.execute(command, actor: "ana")
            for event in events {
                guard case .cardDetail(let changed) = event.payload else { continue }
                switch changed.edit {
                case .commentAdded(let comment, _): added.append(comment.id)
                case .itemAdded(let item, _): added.append(item.id)
                case .linkAttached(let link, _): added.append(link.id)
                default: break
                }
            }
            _ = try engine.execute(.moveCard(board: "main", card: id, column: round % 2 == 0 ? "DOING" : "TODO"), actor: "bob")
        }
        #expect(added.count == 12)
        _ = try engine.execute(.deleteComment(board: "main", card: id, comment: added[0].description), actor: "ana")
        try engine.read { transaction in
            for detail in added {
                #expect(try engine.historyIndex.hasAdded(detail, to: card, in: transaction))
                #expect(try !engine.historyIndex.hasAdded(detail, to: other, in: transaction))
            }
            #expect(try !engine.historyIndex.hasAdded(DetailID(.random()), to: card, in: transaction))
            let trail = try engine.historyIndex.events(concerning: card, in: transaction)
            let naming = try engine.historyIndex.namingEvents(of: try #require(trail.first?.board), in: transaction)
            let last = try engine.log.lastSequence(in: transaction)
            for after in 0...last + 1 {
                #expect(try engine.historyIndex.events(concerning: card, after: after, in: transaction) == trail.filter { $0.sequence > after })
                #expect(try engine.historyIndex.namingEvents(of: try #require(trail.first?.board), after: after, in: transaction) == naming.filter { $0 > after })
            }
        }
        #expect(try engine.verify().firstDifference == nil)
    }

    @Test("An index of the second layout (no detail ids) covers nothing, and catching up rebuilds it with them")
    func secondLayoutIsRebuilt() throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        let engine = fixture.engine
        let card = try fixture.add("Card")
        let events = try engine.execute(.addComment(board: "main", card: card.description, text: "hello"), actor: "ana")
        guard case .cardDetail(let changed)? = events.last?.payload, case .commentAdded(let comment, _) = changed.edit else {
            Issue.record("expected a comment, got \(events)")
            return
        }
        let last = try engine.lastSequence()
        try engine.log.environment.write { transaction in
            let database = engine.historyIndex.database
            try transaction.delete(forKey: HistoryIndex.detailKey(comment.id, on: card), in: database)
            try transaction.put([2], forKey: [0xFD], in: database)
        }
        #expect(try engine.history.indexLag() == last)
        #expect(try engine.history.catchUpIndex() == last)
        #expect(try engine.read { try engine.historyIndex.hasAdded(comment.id, to: card, in: $0) })
        #expect(try engine.verify().firstDifference == nil)
    }

    static func useSmallEpochs(_ engine: KanbanEngine) throws {
        try engine.log.environment.write { transaction in try engine.historyIndex.setEpochShift(2, in: transaction) }
        #expect(try engine.log.environment.read { try engine.historyIndex.epochShift(in: $0) } == 2)
    }

    /// Empties the history index: a log written before it existed.
    static func dropIndex(of engine: KanbanEngine) throws {
        try engine.log.environment.write { transaction in
            var keys: [[UInt8]] = []
            try transaction.withCursor(on: engine.historyIndex.database) { cursor in
                var entry = try cursor.first()
                while let current = entry { keys.append(Array(current.key)); entry = try cursor.next() }
            }
            for key in keys { try transaction.delete(forKey: key, in: engine.historyIndex.database) }
        }
    }
}
