import Foundation
import Kanban
import KanbanCore
import KanbanOutput
import KanbanTestSupport
import Testing

@Suite("Flow route")
struct FlowRoutesTests {
    @Test("GET /api/boards/{board}/flow answers kanban flow --json; bad dates are 400, an unknown board 404")
    func flow() async throws {
        try await ServerHarness.withServer { api, engine in
            _ = try await api.post("/api/boards/main/cards", #"{"title": "ship it"}"#)
            let card = try ServerHarness.cardID("ship it", in: engine)
            _ = try await api.post("/api/boards/main/cards/\(card)/move", #"{"column": "DOING"}"#)
            _ = try await api.post("/api/boards/main/cards/\(card)/move", #"{"column": "DONE"}"#)
            _ = try await api.post("/api/boards/main/cards", #"{"title": "next"}"#)

            let answer = try await api.get("/api/boards/main/flow")
            #expect(answer.status == 200)
            let flow = try answer.json
            #expect(flow["board"] == "main")
            #expect(flow["columns"] == ["TODO", "DOING", "DONE"])
            #expect(flow["days"]?.elements?.last?["counts"] == ["TODO": 1, "DOING": 0, "DONE": 1])
            let cards = try #require(flow["cards"]?.elements)
            #expect(cards.count == 1)
            #expect(cards.first?["id"] == .string(card) && cards.first?["title"] == "ship it")
            #expect(cards.first?["inColumn"]?.members?.keys.sorted() == ["DOING", "DONE", "TODO"])
            #expect(flow["summary"]?["wip"] == ["TODO": 1, "DOING": 0, "DONE": 1])
            #expect(flow["summary"]?["throughputPerWeek"]?.elements?.last?["done"] == 1)
            #expect(flow["summary"]?["lead"]?.members?.keys.sorted() == ["p50", "p85", "p95"])
            // The CLI's JSON, as of the same moment.
            let until = Timestamp(millisecondsSinceEpoch: Timestamp.now().millisecondsSinceEpoch + 3_600_000)
            let asOf = try await api.get("/api/boards/main/flow?until=\(until)")
            let report = try engine.history.flow(board: "main", until: until)
            #expect(try asOf.json == JSONTree(parsing: try OutputJSON.encode(FlowOutput(report: report))))

            let future = try await api.get("/api/boards/main/flow?since=2999-01-01")
            #expect(future.status == 200)
            #expect(try future.json["days"] == [] && future.json["cards"] == [])
            let past = try await api.get("/api/boards/main/flow?until=2000-01-01")
            // Before the board existed: no columns, no days.
            #expect(try past.json["board"] == "main" && past.json["columns"] == [] && past.json["days"] == [])

            let bad = try await api.get("/api/boards/main/flow?since=yesterday")
            #expect(bad.status == 400)
            #expect(bad.error?.contains("yesterday") == true)
            #expect(try await api.get("/api/boards/main/flow?until=2026-13-01").status == 400)
            #expect(try await api.get("/api/boards/nope/flow").status == 404)
        }
    }
}
