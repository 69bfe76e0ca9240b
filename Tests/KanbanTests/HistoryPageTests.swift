import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// A history page (a limit) is read backwards from the log's end; it must be exactly the last
/// entries of the whole-log fold, column names as they were included, under every filter.
struct HistoryPageTests {
    @Test("The newest N entries equal the whole fold's last N, for every filter and limit", arguments: 0..<12)
    func pageEqualsFold(seed: UInt64) throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        var random = SeededGenerator(seed: seed)
        try RandomActivity.run(200, on: fixture.engine, actors: ["ana", "bob", "민준"], undoPercent: 12, redoPercent: 8, addPercent: 20, using: &random)
        // A restore brings back columns and names in one event; then more work on top.
        let middle = try fixture.engine.statistics().events / 3
        _ = try? fixture.engine.execute(.restore(board: "main", to: .sequence(UInt64(middle))), actor: "ana")
        try RandomActivity.run(80, on: fixture.engine, actors: ["ana", "bob", "민준"], undoPercent: 12, redoPercent: 8, using: &random)
        let boards = try fixture.engine.withState { state in state.boards.values.map(\.name) }
        let cards = try fixture.engine.history.entries(HistoryQuery(board: nil)).compactMap(\.card)
        let last = try fixture.engine.statistics().events
        var queries: [HistoryQuery] = [HistoryQuery(board: nil), HistoryQuery(board: nil, actor: "bob"), HistoryQuery(board: nil, untilSequence: UInt64(last / 2))]
        for board in boards { queries.append(HistoryQuery(board: board)) }
        if let card = cards.randomElement(using: &random) { queries.append(HistoryQuery(board: nil, card: card.description)) }
        queries.append(HistoryQuery(board: nil, language: .korean))
        for query in queries {
            let whole = try fixture.engine.history.entries(query)
            for limit in [0, 1, 7, 50, whole.count, whole.count + 3] {
                var page = query
                page.limit = limit
                let entries = try fixture.engine.history.entries(page)
                #expect(entries == Array(whole.suffix(limit)), "seed \(seed), \(query), limit \(limit)")
                if entries != Array(whole.suffix(limit)) { return }
            }
        }
    }

    @Test("A fresh process's history (boards and names from the newest snapshot without its cards, plus the tail) equals a built engine's, with renames, new columns and boards after the snapshot", arguments: 0..<6)
    func freshEngineEqualsBuilt(seed: UInt64) throws {
        let fixture = try EngineFixture()
        defer { fixture.directory.remove() }
        var random = SeededGenerator(seed: seed)
        try RandomActivity.run(150, on: fixture.engine, actors: ["ana", "bob"], undoPercent: 10, redoPercent: 5, addPercent: 20, using: &random)
        _ = try fixture.engine.snapshots.take()
        // After the snapshot: names change, a column and a board appear, more work on them.
        _ = try? fixture.engine.execute(.renameColumn(board: "main", column: "DOING", to: "In progress"), actor: "ana")
        _ = try? fixture.engine.execute(.addColumn(board: "main", name: "Review", index: 1), actor: "bob")
        _ = try? fixture.engine.execute(.createBoard(name: "ops"), actor: "bob")
        _ = try? fixture.engine.execute(.addCard(board: "ops", title: "rotate keys"), actor: "bob")
        try RandomActivity.run(60, on: fixture.engine, actors: ["ana", "bob"], undoPercent: 10, redoPercent: 5, addPercent: 20, using: &random)
        _ = try? fixture.engine.execute(.renameBoard(board: "ops", to: "Ops 운영"), actor: "ana")
        let boards = try fixture.engine.withState { state in state.boards.values.map(\.name) }
        #expect(boards.contains("Ops 운영"))
        var queries: [HistoryQuery] = [HistoryQuery(board: nil), HistoryQuery(board: nil, actor: "bob"), HistoryQuery(board: "no such board")]
        for board in boards { queries.append(HistoryQuery(board: board)) }
        for var query in queries {
            for limit in [nil, 1, 20, 500] as [Int?] {
                query.limit = limit
                let built = Result { try fixture.engine.history.entries(query) }
                let fresh = Result { try KanbanEngine(path: fixture.path).history.entries(query) }
                #expect(String(describing: fresh) == String(describing: built), "seed \(seed), \(query)")
            }
        }
    }
}
