import Foundation
import Kanban
import KanbanCore
import KanbanOutput
import KanbanServer
import KanbanTestSupport
import Testing

/// A card placed by its neighbours lands in the same place whether the change came through the
/// HTTP API or a sync push: one function, inside the write, decides it for both.
struct PlacementTests {
    /// The board `main` with A, B, C and D in TODO and E in DOING, made the same way each time.
    private static func seed(_ api: APIClient) async throws -> [String: String] {
        var ids: [String: String] = [:]
        for (title, column) in [("A", "TODO"), ("B", "TODO"), ("C", "TODO"), ("D", "TODO"), ("E", "DOING")] {
            let answer = try await api.post("/api/boards/main/cards", #"{"title": "\#(title)", "column": "\#(column)"}"#)
            ids[title] = try #require(answer.json["id"]?.string)
        }
        return ids
    }

    /// What `engine`'s board shows, and the lines of its history (titles, never ids).
    private static func outcome(_ engine: KanbanEngine) throws -> ([String: [String]], [String]) {
        (try ServerHarness.titles(in: engine), try engine.history.entries(HistoryQuery()).map(\.line))
    }

    @Test("The same moves and adds by neighbours, sent over HTTP and pushed, give the same board and the same events")
    func httpAndSyncAgree() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let overHTTP = try await ServerHarness.withServer(engine: try KanbanEngine(path: directory.appending("http.db"))) { api, engine in
            let ids = try await Self.seed(api)
            let a = try #require(ids["A"]), c = try #require(ids["C"]), d = try #require(ids["D"]), e = try #require(ids["E"])
            // A stale index with a neighbour that is there: the neighbour wins. Prefixes count.
            #expect(try await api.post("/api/boards/main/cards/\(d)/move", #"{"column": "todo", "at": 3, "before": "\#(a)"}"#).status == 200)
            #expect(try await api.post("/api/boards/main/cards/\(c)/move", #"{"column": "DOING", "at": 0, "after": "\#(e.prefix(8))"}"#).status == 200)
            // A neighbour no longer in the column: the index decides.
            #expect(try await api.post("/api/boards/main/cards/\(a)/move", #"{"column": "DOING", "at": 0, "before": "\#(d)"}"#).status == 200)
            #expect(try await api.post("/api/boards/main/cards", #"{"title": "N", "column": "DOING", "at": 0, "after": "\#(c)"}"#).status == 201)
            return try Self.outcome(engine)
        }
        let pushed = try await ServerHarness.withServer(engine: try KanbanEngine(path: directory.appending("sync.db"))) { api, engine in
            let ids = try await Self.seed(api)
            let a = try #require(ids["A"]), c = try #require(ids["C"]), d = try #require(ids["D"]), e = try #require(ids["E"])
            let body = SyncRoutesTests.push("tab", [
                #"{"id": 1, "name": "moveCard", "args": {"board": "main", "card": "\#(d)", "column": "todo", "at": 3, "before": "\#(a)"}}"#,
                #"{"id": 2, "name": "moveCard", "args": {"board": "main", "card": "\#(c)", "column": "DOING", "at": 0, "after": "\#(e.prefix(8))"}}"#,
                #"{"id": 3, "name": "moveCard", "args": {"board": "main", "card": "\#(a)", "column": "DOING", "at": 0, "before": "\#(d)"}}"#,
                #"{"id": 4, "name": "addCard", "args": {"board": "main", "title": "N", "column": "DOING", "at": 0, "after": "\#(c)"}}"#,
            ])
            let output = try SyncRoutesTests.decode(SyncPushOutput.self, try await api.post("/api/sync/push", body))
            #expect(output.results.map(\.status) == ["applied", "applied", "applied", "applied"])
            return try Self.outcome(engine)
        }
        #expect(overHTTP.0 == ["TODO": ["D", "B"], "DOING": ["A", "E", "C", "N"], "DONE": []])
        #expect(overHTTP.0 == pushed.0)
        #expect(overHTTP.1.count(where: { $0.contains("'N'") || $0.contains("'D'") }) == 3, "D added and reordered, N added")
        #expect(overHTTP.1 == pushed.1)
    }
}
