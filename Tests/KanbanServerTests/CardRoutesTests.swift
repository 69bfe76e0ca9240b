import Foundation
import Kanban
import KanbanTestSupport
import Testing

@Suite("Card routes")
struct CardRoutesTests {
    @Test("POST a card answers 201 with its id and sequence, and the board shows it")
    func addCard() async throws {
        try await ServerHarness.withServer { api, engine in
            let added = try await api.post("/api/boards/main/cards", #"{"title": "디자인 검토 <b>회의</b>", "description": "- Need *diagram*", "due": "2026-12-24", "column": "DOING"}"#)
            #expect(added.status == 201)
            let id = try #require(try added.json["id"])
            #expect(try added.json["sequence"] == .integer(Int64(try engine.lastSequence())))
            let board = try await api.get("/api/boards/main")
            #expect(board.status == 200)
            let card = try #require(try board.json["columns"]?.elements?[1]["cards"]?.elements?.first)
            #expect(card["id"] == id)
            #expect(card["title"] == .string("디자인 검토 <b>회의</b>"))
            #expect(card["description"] == .string("- Need *diagram*"))
            #expect(card["due"] == .string("2026-12-24"))
            #expect(try board.json["sequence"] == .integer(Int64(try engine.lastSequence())))
        }
    }

    @Test("Bad card input is refused with its status and appends nothing", arguments: [
        (#"{"title": ""}"#, 422, "the title is empty"),
        ("{\"title\": \"\(String(repeating: "x", count: 201))\"}", 422, "the title is 201 characters long"),
        ("{\"title\": \"x\", \"description\": \"\(String(repeating: "é", count: 1001))\"}", 422, "the description is 1001 characters long"),
        (#"{"title": "x", "due": "tomorrow"}"#, 400, "'tomorrow' is not an ISO 8601 date"),
        (#"{"title": "x", "column": "LATER"}"#, 404, "unknown column 'LATER'"),
        (#"{"title": "x", "at": 5}"#, 422, "index 5 is out of range"),
        (#"{"title": 5}"#, 400, "malformed JSON: \"title\" should be a string"),
        (#"{"title": "x""#, 400, "malformed JSON"),
        (#"{"description": "no title"}"#, 400, "malformed JSON: \"title\" is missing"),
        ("[]", 400, "malformed JSON: the body should be a JSON object"),
    ])
    func refusedCards(body: String, status: Int, message: String) async throws {
        try await ServerHarness.withServer { api, engine in
            _ = try await api.post("/api/boards/main/cards", #"{"title": "first"}"#)
            let before = try engine.lastSequence()
            let answer = try await api.post("/api/boards/main/cards", body)
            #expect(answer.status == status)
            #expect(answer.error?.hasPrefix(message) == true, "\(answer.text)")
            #expect(!answer.text.contains("\n"))
            #expect(try engine.lastSequence() == before)
        }
    }

    @Test("PATCH changes only the fields given; due null clears the due date")
    func editCard() async throws {
        try await ServerHarness.withServer { api, engine in
            let id = try #require(try await api.post("/api/boards/main/cards", #"{"title": "Draft", "description": "keep", "due": "2026-12-01"}"#).json["id"]?.string)
            let renamed = try await api.patch("/api/boards/main/cards/\(id)", #"{"title": "Final"}"#)
            #expect(renamed.status == 200)
            #expect(try renamed.json.elements?.first?["kind"] == .string("cardEdited"))
            var card = try #require(try engine.boardView(named: "main").columns[0].cards.first?.card)
            #expect(card.title == "Final" && card.description == "keep" && card.due?.description == "2026-12-01")
            _ = try await api.patch("/api/boards/main/cards/\(id)", #"{"due": null}"#)
            card = try #require(try engine.boardView(named: "main").columns[0].cards.first?.card)
            #expect(card.title == "Final" && card.due == nil)
            #expect(try await api.patch("/api/boards/main/cards/nope", #"{"title": "x"}"#).status == 404)
        }
    }

    @Test("A move lands before or after the named neighbour, whatever index a stale page sent")
    func moveByNeighbour() async throws {
        try await ServerHarness.withServer { api, engine in
            for title in ["a", "b", "c"] { _ = try await api.post("/api/boards/main/cards", "{\"title\": \"\(title)\", \"column\": \"DOING\"}") }
            let moved = try #require(try await api.post("/api/boards/main/cards", #"{"title": "m"}"#).json["id"]?.string)
            let b = try ServerHarness.cardID("b", in: engine)
            let c = try ServerHarness.cardID("c", in: engine)
            #expect(try await api.post("/api/boards/main/cards/\(moved)/move", "{\"column\": \"doing\", \"at\": 0, \"before\": \"\(c)\"}").status == 200)
            #expect(try ServerHarness.titles(in: engine)["DOING"] == ["a", "b", "m", "c"])
            _ = try await api.post("/api/boards/main/cards/\(moved)/move", "{\"column\": \"DOING\", \"at\": 3, \"after\": \"\(b.prefix(8))\"}")
            #expect(try ServerHarness.titles(in: engine)["DOING"] == ["a", "b", "m", "c"])
            _ = try await api.post("/api/boards/main/cards/\(moved)/move", #"{"column": "DONE"}"#)
            #expect(try ServerHarness.titles(in: engine)["DONE"] == ["m"])
            // A neighbour that left the column: `at` decides.
            _ = try await api.post("/api/boards/main/cards/\(moved)/move", "{\"column\": \"DOING\", \"at\": 0, \"before\": \"\(UUID().uuidString)\"}")
            #expect(try ServerHarness.titles(in: engine)["DOING"] == ["m", "a", "b", "c"])
            #expect(try await api.post("/api/boards/main/cards/\(moved)/move", #"{"column": "LATER"}"#).status == 404)
        }
    }

    @Test("DELETE removes a card; the deleted list shows it and revive brings it back")
    func deleteAndRevive() async throws {
        try await ServerHarness.withServer { api, engine in
            let id = try #require(try await api.post("/api/boards/main/cards", #"{"title": "Swipe me, 🙂"}"#).json["id"]?.string)
            #expect(try await api.delete("/api/boards/main/cards/\(id)").status == 200)
            #expect(try ServerHarness.titles(in: engine)["TODO"] == [])
            let deleted = try await api.get("/api/boards/main/deleted")
            #expect(try deleted.json.elements?.first?["title"] == .string("Swipe me, 🙂"))
            #expect(try await api.post("/api/boards/main/cards/\(id)/revive").status == 200)
            #expect(try ServerHarness.titles(in: engine)["TODO"] == ["Swipe me, 🙂"])
            #expect(try await api.post("/api/boards/main/cards/\(id)/revive").status == 409)
            #expect(try await api.delete("/api/boards/main/cards/\(id)x").status == 404)
        }
    }
}

extension JSONTree {
    /// The string this holds, or `nil`.
    var string: String? {
        if case .string(let text) = self { text } else { nil }
    }
}
