import Foundation
import HTTPTypes
import Kanban
import KanbanTestSupport
import Testing

/// The write routes read their bodies through the wire table's arguments types, with the path's
/// parts put in: each still takes the body the OpenAPI document gives it, under the route's own
/// key names, and refuses a bad one with the one-line error it always gave.
@Suite("Route bodies")
struct RouteBodyTests {
    /// A route's request: method, path under `/api/boards/main`, body.
    struct Probe: Sendable, CustomTestStringConvertible {
        var method: HTTPRequest.Method
        var path: String
        var body: String

        init(_ method: HTTPRequest.Method, _ path: String, _ body: String) {
            (self.method, self.path, self.body) = (method, path, body)
        }

        var testDescription: String { "\(method) \(path) \(body)" }
    }

    @Test("Every write route takes its documented body", arguments: Self.documented)
    func documentedBodies(probe: Probe, status: Int) async throws {
        try await ServerHarness.withServer { api, _ in
            let card = try await Self.newCard(api)
            let answer = try await api.send(probe.method, Self.path(probe.path, card: card), json: probe.body.replacingOccurrences(of: "CARD", with: card))
            #expect(answer.status == status, "\(answer.text)")
        }
    }

    @Test("A bad body is the same one-line 400 as before, naming the route's own key, and appends nothing", arguments: Self.refused)
    func badBodies(probe: Probe, message: String) async throws {
        try await ServerHarness.withServer { api, engine in
            let card = try await Self.newCard(api)
            let before = try engine.lastSequence()
            let answer = try await api.send(probe.method, Self.path(probe.path, card: card), json: probe.body)
            #expect(answer.status == 400, "\(answer.text)")
            #expect(answer.error == message, "\(answer.text)")
            #expect(!answer.text.contains("\n"))
            #expect(try engine.lastSequence() == before)
        }
    }

    @Test("Undo and redo read their wire arguments as they are: a force that is not true or false is a 400", arguments: ["undo", "redo"])
    func undoBody(route: String) async throws {
        try await ServerHarness.withServer { api, _ in
            let answer = try await api.post("/api/\(route)", #"{"force": "yes"}"#)
            #expect(answer.status == 400)
            #expect(answer.error == #"malformed JSON: "force" should be true or false"#)
        }
    }

    @Test("The path names the board and card whatever the body says, and the server, not the body, gives a new card or comment its id")
    func pathWins() async throws {
        try await ServerHarness.withServer { api, engine in
            _ = try await api.post("/api/boards", #"{"name": "Side"}"#)
            let chosen = "8f8e8d8c-0000-4000-8000-000000000001"
            let added = try await api.post("/api/boards/main/cards", #"{"title": "Here", "board": "Side", "card": "\#(chosen)"}"#)
            #expect(added.status == 201, "\(added.text)")
            let id = try #require(try added.json["id"]?.string)
            #expect(id != chosen)
            #expect(try engine.boardView(named: "main").columns[0].cards.map(\.card.title) == ["Here"])
            #expect(try engine.boardView(named: "Side").columns.allSatisfy(\.cards.isEmpty))

            let moved = try await api.post("/api/boards/main/cards/\(id)/move", #"{"column": "DONE", "card": "nope", "board": "Side"}"#)
            #expect(moved.status == 200, "\(moved.text)")
            #expect(try engine.boardView(named: "main").columns[2].cards.map(\.card.title) == ["Here"])

            let commented = try await api.post("/api/boards/main/cards/\(id)/comments", #"{"text": "hi", "comment": "not-a-uuid"}"#)
            #expect(commented.status == 200, "\(commented.text)")
            let renamed = try await api.patch("/api/boards/Side", #"{"name": "Side 2", "to": "ignored"}"#)
            #expect(renamed.status == 200, "\(renamed.text)")
            #expect(try engine.boardSummaries().map(\.name).contains("Side 2"))
        }
    }

    /// Each write route with a body the OpenAPI document gives it, and the status of its success.
    static let documented: [(Probe, Int)] = [
        (Probe(.post, "/api/boards", #"{"name": "Side", "columns": ["ONLY"]}"#), 201),
        (Probe(.patch, "", #"{"name": "Main 2"}"#), 200),
        (Probe(.post, "/columns", #"{"name": "REVIEW", "at": 1}"#), 201),
        (Probe(.patch, "/columns/DOING", #"{"name": "DOING NOW"}"#), 200),
        (Probe(.post, "/columns/DONE/move", #"{"at": 0}"#), 200),
        (Probe(.put, "/columns/DONE/limit", #"{"limit": 4, "strict": true}"#), 200),
        (Probe(.put, "/columns/DONE/limit", #"{"limit": null}"#), 200),
        (Probe(.post, "/members", #"{"person": "ana"}"#), 200),
        (Probe(.put, "/labels/needs%20review", #"{"colour": "red"}"#), 200),
        (Probe(.post, "/cards", #"{"title": "T", "description": "d", "due": "2026-12-24", "column": "DOING", "at": 0, "after": "CARD"}"#), 201),
        (Probe(.patch, "/cards/CARD", #"{"title": "T2", "description": "", "due": null}"#), 200),
        (Probe(.post, "/cards/CARD/move", #"{"column": "DONE", "at": 0}"#), 200),
        (Probe(.post, "/cards/CARD/assignees", #"{"person": "ana"}"#), 200),
        (Probe(.post, "/cards/CARD/labels", #"{"label": "bug"}"#), 200),
        (Probe(.put, "/cards/CARD/due-done", #"{"done": true}"#), 200),
        (Probe(.post, "/cards/CARD/links", #"{"url": "https://example.com", "name": "Spec"}"#), 200),
        (Probe(.post, "/cards/CARD/comments", #"{"text": "좋아요"}"#), 200),
        (Probe(.post, "/cards/CARD/checklist", #"{"text": "One", "checklist": "Launch", "at": 0}"#), 200),
        (Probe(.delete, "/cards/CARD", ""), 200),
        (Probe(.post, "/api/undo", "{}"), 200),
        (Probe(.post, "/api/redo", #"{"force": false}"#), 409),
    ]

    /// Bad bodies, and the error each was always refused with.
    static let refused: [(Probe, String)] = [
        (Probe(.post, "/api/boards", #"{"columns": ["A"]}"#), #"malformed JSON: "name" is missing"#),
        (Probe(.patch, "", #"{"to": "Renamed"}"#), #"malformed JSON: "name" is missing"#),
        (Probe(.post, "/columns", #"{"name": 5}"#), #"malformed JSON: "name" should be a string"#),
        (Probe(.patch, "/columns/DOING", #"{"to": "LATER"}"#), #"malformed JSON: "name" is missing"#),
        (Probe(.post, "/columns/DONE/move", "{}"), #"malformed JSON: "at" is missing"#),
        (Probe(.put, "/columns/DONE/limit", #"{"strict": true}"#), #"malformed JSON: "limit" is missing"#),
        (Probe(.put, "/columns/DONE/limit", #"{"limit": "3"}"#), #"malformed JSON: "limit" should be a whole number"#),
        (Probe(.post, "/members", #"{"person": 1}"#), #"malformed JSON: "person" should be a string"#),
        (Probe(.put, "/labels/bug", "{}"), #"malformed JSON: "colour" is missing"#),
        (Probe(.post, "/cards", #"{"title": null}"#), #"malformed JSON: "title" should be a string, not null"#),
        (Probe(.patch, "/cards/CARD", #"{"due": 5}"#), #"malformed JSON: "due" should be a string"#),
        (Probe(.patch, "/cards/CARD", #"{"since": "x"}"#), #"malformed JSON: "since" should be a whole number"#),
        (Probe(.post, "/cards/CARD/move", #"{"at": 0}"#), #"malformed JSON: "column" is missing"#),
        (Probe(.post, "/cards/CARD/revive", #"{"at": "x"}"#), #"malformed JSON: "at" should be a whole number"#),
        (Probe(.put, "/cards/CARD/due-done", "[]"), "malformed JSON: the body should be a JSON object"),
        (Probe(.post, "/cards/CARD/links", #"{"name": "Spec"}"#), #"malformed JSON: "url" is missing"#),
        (Probe(.post, "/cards/CARD/comments", #"{"comment": "x"}"#), #"malformed JSON: "text" is missing"#),
        (Probe(.patch, "/cards/CARD/comments/ffffffff", #"{"text": false}"#), #"malformed JSON: "text" should be a string"#),
        (Probe(.patch, "/cards/CARD/checklist/ffffffff", #"{"done": "yes"}"#), #"malformed JSON: "done" should be true or false"#),
        // Valid JSON whose number does not fit the field: the decoder calls it "not valid JSON",
        // which sends a client looking for a syntax error that is not there.
        (Probe(.post, "/cards/CARD/move", #"{"column": "DONE", "at": 99999999999999999999}"#), "malformed JSON: a number is out of range or not whole"),
        (Probe(.post, "/cards/CARD/move", #"{"column": "DONE", "at": 1.5}"#), "malformed JSON: a number is out of range or not whole"),
        (Probe(.patch, "/cards/CARD", #"{"since": 1e30}"#), "malformed JSON: a number is out of range or not whole"),
        (Probe(.post, "/cards", #"{"title": "Broken""#), "malformed JSON: not valid JSON"),
        // An element of an array is named by its index, not by the decoder's "Index 0".
        (Probe(.post, "/api/sync/push", #"{"clientID": "c1", "mutations": [{"id": 1, "name": "undo"}, {"id": "2", "name": "undo"}]}"#),
         #"malformed JSON: "mutations[1].id" should be a whole number"#),
        (Probe(.post, "/api/boards", #"{"name": "B", "columns": ["A", 5]}"#), #"malformed JSON: "columns[1]" should be a string"#),
    ]

    /// A new card on board main, by id.
    static func newCard(_ api: APIClient) async throws -> String {
        try #require(try await api.post("/api/boards/main/cards", #"{"title": "Existing"}"#).json["id"]?.string)
    }

    /// The route `path` of board main (`/api/…`: that path itself), with `CARD` standing for `card`.
    static func path(_ path: String, card: String) -> String {
        (path.hasPrefix("/api") ? "" : "/api/boards/main") + path.replacingOccurrences(of: "CARD", with: card)
    }
}
