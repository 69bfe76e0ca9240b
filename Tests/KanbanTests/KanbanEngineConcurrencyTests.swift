import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// Threads appending at once lose nothing and duplicate nothing.
struct KanbanEngineConcurrencyTests {
    /// Checks the log at `path`: sequences 1…n, `titles` each on exactly one live card, one
    /// default board, and a fresh engine's state equal to `engine`'s.
    static func checkLog(at path: String, engine: KanbanEngine, titles: [String], extraEvents: Int = 1) throws {
        let events = try engine.events()
        #expect(events.count == titles.count + extraEvents)
        #expect(events.map(\.sequence) == Array(1...UInt64(events.count)))
        #expect(events.filter { $0.payload.kind == .boardCreated }.count == 1)
        let live = try engine.withState { StateSnapshot($0) }
        let cardTitles = live.cards.values.map(\.title)
        #expect(cardTitles.sorted() == titles.sorted())
        #expect(Set(cardTitles).count == titles.count)
        let fresh = try KanbanEngine(path: path).withState { StateSnapshot($0) }
        #expect(fresh == live, "\(fresh.differences(from: live))")
    }

    @Test("Threads sharing one engine")
    func sharedEngine() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-threads")
        defer { directory.remove() }
        let path = directory.appending("db")
        let engine = try KanbanEngine(path: path)
        let errors = concurrently(4) { thread in
            for number in 0..<25 {
                try engine.execute(.addCard(board: "main", title: "t\(thread)-\(number)", column: number.isMultiple(of: 2) ? "DOING" : nil), actor: "thread\(thread)")
                if number.isMultiple(of: 5) { _ = try engine.boardView(named: "main") }
            }
        }
        #expect(errors.isEmpty, "\(errors)")
        let titles = (0..<4).flatMap { thread in (0..<25).map { "t\(thread)-\($0)" } }
        try Self.checkLog(at: path, engine: engine, titles: titles)
    }

    @Test("Separate engines on the same directory, one per thread")
    func separateEngines() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-threads")
        defer { directory.remove() }
        let path = directory.appending("db")
        let errors = concurrently(3) { thread in
            let engine = try KanbanEngine(path: path)
            for number in 0..<20 {
                try engine.execute(.addCard(board: "main", title: "e\(thread)-\(number)", index: 0), actor: "engine\(thread)")
            }
        }
        #expect(errors.isEmpty, "\(errors)")
        let titles = (0..<3).flatMap { thread in (0..<20).map { "e\(thread)-\($0)" } }
        try Self.checkLog(at: path, engine: KanbanEngine(path: path), titles: titles)
    }

    @Test("Moves, edits and deletes racing on the same cards leave a log that replays to the live state")
    func racingChanges() throws {
        let directory = try TemporaryDirectory(prefix: "kanban-threads")
        defer { directory.remove() }
        let path = directory.appending("db")
        let setup = try KanbanEngine(path: path)
        let ids = try (0..<12).map { number in
            try setup.execute(.addCard(board: "main", title: "card \(number)"), actor: "setup").last!.payload
        }.compactMap { payload -> String? in
            if case .cardAdded(let added) = payload { return added.card.id.description }
            return nil
        }
        let rejected = Locked(0)
        let errors = concurrently(3) { thread in
            let engine = try KanbanEngine(path: path)
            var random = SeededGenerator(seed: UInt64(thread))
            for _ in 0..<40 {
                let card = ids.randomElement(using: &random)!
                let command: Command = switch Int.random(in: 0..<10, using: &random) {
                case 0: .deleteCard(board: "main", card: card)
                case 1..<4: .editCard(board: "main", card: card, title: "edited by \(thread)")
                default: .moveCard(board: "main", card: card, column: ["TODO", "DOING", "DONE"].randomElement(using: &random)!, index: 0)
                }
                do {
                    try engine.execute(command, actor: "racer\(thread)")
                } catch is KanbanError {
                    rejected.withLock { $0 += 1 }
                }
            }
        }
        #expect(errors.isEmpty, "\(errors)")
        let live = try setup.withState { StateSnapshot($0) }
        let fresh = try KanbanEngine(path: path).withState { StateSnapshot($0) }
        #expect(fresh == live, "\(fresh.differences(from: live))")
        let events = try setup.events()
        #expect(events.map(\.sequence) == Array(1...UInt64(events.count)))
        // Every card was deleted at most once.
        let deletions = events.compactMap { event -> CardID? in
            if case .cardDeleted(let deleted) = event.payload { return deleted.card.id }
            return nil
        }
        #expect(Set(deletions).count == deletions.count)
    }
}
