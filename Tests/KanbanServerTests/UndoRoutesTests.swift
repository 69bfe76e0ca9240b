import Foundation
import Kanban
import KanbanTestSupport
import Testing

@Suite("Undo routes")
struct UndoRoutesTests {
    @Test("Undo and redo act for the request's actor; GET /api/undo says what they would do")
    func undoRedo() async throws {
        try await ServerHarness.withServer { api, engine in
            let ana = ["X-Kanban-Actor": "ana"]
            let id = try #require(try await api.post("/api/boards/main/cards", #"{"title": "Plan"}"#, headers: ana).json["id"]?.string)
            _ = try await api.post("/api/boards/main/cards/\(id)/move", #"{"column": "DOING"}"#, headers: ana)
            let preview = try await api.get("/api/undo", headers: ana)
            #expect(try preview.json["undo"]?["action"] == .string("Move 'Plan' from TODO to DOING"))
            #expect(try await api.get("/api/undo").json["undo"] == .null)
            let refused = try await api.post("/api/undo", headers: ["X-Kanban-Actor": "ben"])
            #expect(refused.status == 409)
            #expect(refused.error == "nothing to undo for ben")
            let undone = try await api.post("/api/undo", headers: ana)
            #expect(undone.status == 200)
            #expect(try undone.json.elements?.first?["kind"] == .string("undone"))
            #expect(try ServerHarness.titles(in: engine)["TODO"] == ["Plan"])
            #expect(try await api.post("/api/redo", headers: ana).status == 200)
            #expect(try ServerHarness.titles(in: engine)["DOING"] == ["Plan"])
            #expect(try engine.events().last?.actor == "ana")
        }
    }

    @Test("An undo that conflicts with someone else's later change is 409 unless forced")
    func conflict() async throws {
        try await ServerHarness.withServer { api, engine in
            let id = try #require(try await api.post("/api/boards/main/cards", #"{"title": "Plan"}"#, headers: ["X-Kanban-Actor": "ana"]).json["id"]?.string)
            _ = try await api.patch("/api/boards/main/cards/\(id)", #"{"title": "Plan B"}"#, headers: ["X-Kanban-Actor": "ben"])
            let before = try engine.lastSequence()
            let refused = try await api.post("/api/undo", headers: ["X-Kanban-Actor": "ana"])
            #expect(refused.status == 409)
            #expect(refused.error?.hasSuffix(#"(send {"force": true} to undo anyway)"#) == true, "\(refused.text)")
            #expect(try engine.lastSequence() == before)
            #expect(try await api.post("/api/undo", #"{"force": true}"#, headers: ["X-Kanban-Actor": "ana"]).status == 200)
            #expect(try ServerHarness.titles(in: engine)["TODO"] == [])
        }
    }
}
