import Foundation
import Kanban
import KanbanOutput
import KanbanTestSupport
import Testing

@Suite("Board and column routes")
struct BoardRoutesTests {
    @Test("GET /api/boards lists boards with their columns and counts, the default board before any write")
    func listBoards() async throws {
        try await ServerHarness.withServer { api, _ in
            let empty = try await api.get("/api/boards")
            #expect(empty.status == 200)
            #expect(try empty.json.elements?.first?["name"] == .string("main"))
            #expect(try empty.json.elements?.first?["columns"]?.elements?.map { $0["name"] } == [.string("TODO"), .string("DOING"), .string("DONE")])
            _ = try await api.post("/api/boards/main/cards", #"{"title": "x", "column": "DOING"}"#)
            let made = try await api.post("/api/boards", #"{"name": "Équipe, 2026", "columns": ["À faire", "Fait"]}"#)
            #expect(made.status == 201)
            let boards = try await api.get("/api/boards")
            let main = try #require(try boards.json.elements?.first)
            #expect(main["columns"]?.elements?[1]["count"] == .integer(1))
            #expect(try boards.json.elements?.last?["name"] == .string("Équipe, 2026"))
        }
    }

    @Test("Boards are renamed and removed; a name taken or a board with cards is 409, an unknown one 404")
    func renameAndRemove() async throws {
        try await ServerHarness.withServer { api, engine in
            #expect(try await api.post("/api/boards", #"{"name": "ops"}"#).status == 201)
            #expect(try await api.post("/api/boards", #"{"name": "OPS"}"#).status == 409)
            #expect(try await api.patch("/api/boards/ops", #"{"name": "운영"}"#).status == 200)
            #expect(try await api.get("/api/boards/%EC%9A%B4%EC%98%81").status == 200)
            _ = try await api.post("/api/boards/%EC%9A%B4%EC%98%81/cards", #"{"title": "x"}"#)
            let refused = try await api.delete("/api/boards/%EC%9A%B4%EC%98%81")
            #expect(refused.status == 409)
            #expect(refused.error == "board '운영' still holds 1 card")
            #expect(try await api.get("/api/boards/nope").status == 404)
            #expect(try await api.delete("/api/boards/main").status == 200)
            #expect(try engine.withState { $0.board(named: "main") } == nil)
        }
    }

    @Test("Columns are added, renamed, moved and removed through the API")
    func columns() async throws {
        try await ServerHarness.withServer { api, engine in
            let added = try await api.post("/api/boards/main/columns", #"{"name": "REVIEW", "at": 2}"#)
            #expect(added.status == 201)
            #expect(try await api.patch("/api/boards/main/columns/review", #"{"name": "Review / QA"}"#).status == 200)
            #expect(try await api.post("/api/boards/main/columns/Review%20%2F%20QA/move", #"{"at": 0}"#).status == 200)
            #expect(try engine.boardView(named: "main").columns.map(\.name) == ["Review / QA", "TODO", "DOING", "DONE"])
            #expect(try await api.post("/api/boards/main/columns", #"{"name": "todo"}"#).status == 409)
            #expect(try await api.post("/api/boards/main/columns/TODO/move", #"{"at": 9}"#).status == 422)
            #expect(try await api.delete("/api/boards/main/columns/Review%20%2F%20QA").status == 200)
            #expect(try await api.delete("/api/boards/main/columns/LATER").status == 404)
            #expect(try engine.boardView(named: "main").columns.map(\.name) == ["TODO", "DOING", "DONE"])
        }
    }

    @Test("A board asked twice between commits is the same answer; a commit in between changes it")
    func cachedAnswer() async throws {
        try await ServerHarness.withServer { api, _ in
            _ = try await api.post("/api/boards/main/cards", #"{"title": "one"}"#)
            let first = try await api.get("/api/boards/main")
            #expect(try await api.get("/api/boards/main").text == first.text)
            _ = try await api.post("/api/boards/main/cards", #"{"title": "two"}"#)
            let after = try await api.get("/api/boards/main")
            #expect(after.text != first.text)
            #expect(try after.json["columns"]?.elements?[0]["cards"]?.elements?.count == 2)
            #expect(try await api.get("/api/boards/MAIN").json["board"] == .string("main"))
        }
    }

    @Test("The board's body, now and ?at=, is byte for byte what the shared encoder writes of it")
    func boardBodyBytes() async throws {
        try await ServerHarness.withServer { api, engine in
            let awkward = #""\"Q\" a\\b/c \u0000\u001f\b\f\n\r\t \u007f \u2028\u2029 회의 👩‍👩‍👧‍👦 👍🏽 é""#
            let added = try await api.post("/api/boards/main/cards", "{\"title\": \(awkward), \"description\": \(awkward), \"due\": \"2020-01-01\"}")
            #expect(added.status == 201, "\(added.text)")
            #expect(try engine.boardView(named: "main").columns[0].cards.first?.card.title == "\"Q\" a\\b/c \u{0}\u{1F}\u{8}\u{C}\n\r\t \u{7F} \u{2028}\u{2029} 회의 👩‍👩‍👧‍👦 👍🏽 é")
            _ = try await api.post("/api/boards/main/cards", #"{"title": "later", "due": "2999-12-31T23:00:00Z", "column": "DOING"}"#)
            let before = try engine.lastSequence()
            _ = try await api.post("/api/boards/main/cards", #"{"title": "/", "description": ""}"#)
            _ = try await api.post("/api/boards/main/columns", #"{"name": "Ré\\view \"/\""}"#)
            let now = try await api.get("/api/boards/main")
            let reading = try engine.timeTravel.boardReading(named: "main")
            #expect(Array(now.text.utf8) == Array(try OutputJSON.encode(BoardOutput(view: reading.view, sequence: reading.sequence))))
            #expect(try now.json["columns"]?.elements?[0]["cards"]?.elements?[0]["title"]?.string?.contains("\u{2028}") == true)
            // Again, from the answer kept between commits.
            #expect(try await api.get("/api/boards/main").text == now.text)
            let past = try await api.get("/api/boards/main?at=\(before)")
            let pastReading = try engine.timeTravel.boardReading(named: "main", at: .sequence(before))
            #expect(Array(past.text.utf8) == Array(try OutputJSON.encode(BoardOutput(view: pastReading.view, sequence: pastReading.sequence))))
        }
    }

    @Test("?at= shows the board as it was; restore makes it so, and diff and history tell the change")
    func timeTravel() async throws {
        try await ServerHarness.withServer { api, engine in
            let id = try #require(try await api.post("/api/boards/main/cards", #"{"title": "Write the README"}"#).json["id"]?.string)
            let before = try engine.lastSequence()
            _ = try await api.post("/api/boards/main/cards/\(id)/move", #"{"column": "DONE"}"#)
            let past = try await api.get("/api/boards/main?at=\(before)")
            #expect(try past.json["sequence"] == .integer(Int64(before)))
            #expect(try past.json["columns"]?.elements?[0]["cards"]?.elements?.count == 1)
            #expect(try await api.get("/api/boards/main?at=999").status == 422)
            #expect(try await api.get("/api/boards/main?at=yesterday").status == 400)
            let diff = try await api.get("/api/boards/main/diff?from=\(before)")
            #expect(try diff.json["moved"]?.elements?.count == 1)
            #expect(try await api.get("/api/boards/main/diff").status == 400)
            #expect(try await api.post("/api/boards/main/restore", "{\"to\": \(before)}").status == 200)
            #expect(try ServerHarness.titles(in: engine)["TODO"] == ["Write the README"])
            let history = try await api.get("/api/boards/main/history?lang=fr&limit=2")
            #expect(try history.json.elements?.count == 2)
            #expect(try history.json.elements?.first?["kind"] == .string("cardMoved"))
            let korean = try await api.get("/api/boards/main/history?card=\(id.prefix(8))", headers: ["Accept-Language": "ko-KR,ko;q=0.9"])
            #expect(try korean.json.elements?.first?["line"] == .string("'Write the README' 카드를 추가했습니다."))
            #expect(try await api.get("/api/boards/main/history?lang=de").status == 400)
            #expect(try await api.get("/api/boards/main/history?limit=-1").status == 400)
        }
    }

    @Test("The log, stats and due-soon lists read across boards")
    func reads() async throws {
        try await ServerHarness.withServer { api, _ in
            _ = try await api.post("/api/boards/main/cards", #"{"title": "late", "due": "2020-01-01"}"#)
            _ = try await api.post("/api/boards/main/cards", #"{"title": "someday", "due": "2999-01-01"}"#)
            let log = try await api.get("/api/log?after=1&limit=1")
            #expect(try log.json.elements?.map { $0["sequence"] } == [.integer(2)])
            #expect(try await api.get("/api/stats").json["liveCards"] == .integer(2))
            let due = try await api.get("/api/due?within=24h")
            #expect(try due.json.elements?.map { $0["title"] } == [.string("late")])
            #expect(try due.json.elements?.first?["overdue"] == .bool(true))
            #expect(try await api.get("/api/due?within=soon").status == 400)
        }
    }
}
