import Foundation
import HTTPTypes
import Kanban
import KanbanTestSupport
import Testing

@Suite("Card and board detail routes")
struct CardDetailRoutesTests {
    /// A new card on `main`, its id.
    static func newCard(_ api: APIClient, _ title: String = "Detailed", due: String? = nil) async throws -> String {
        let body = due.map { #"{"title": "\#(title)", "due": "\#($0)"}"# } ?? #"{"title": "\#(title)"}"#
        return try #require(try await api.post("/api/boards/main/cards", body).json["id"]?.string)
    }

    /// `text` percent-encoded as one path part.
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")) ?? text
    }

    /// The kinds of the events a write answered with.
    static func kinds(_ answer: APIResponse) throws -> [String] {
        try answer.json.elements?.compactMap { $0["kind"]?.string } ?? []
    }

    /// The id of the first event's `data[key]` (a comment, item or link just made).
    static func madeID(_ answer: APIResponse, _ key: String) throws -> String {
        try #require(try answer.json.elements?.first?["data"]?[key]?["id"]?.string)
    }

    @Test("GET a card answers every key; an unknown board or card is 404")
    func getCard() async throws {
        try await ServerHarness.withServer { api, _ in
            let id = try await Self.newCard(api, due: "2099-12-01")
            let answer = try await api.get("/api/boards/main/cards/\(id.prefix(8))")
            #expect(answer.status == 200)
            #expect(try answer.json == [
                "id": .string(id), "title": "Detailed", "description": "", "due": "2099-12-01", "overdue": false, "column": "TODO",
                "assignees": [], "labels": [], "dueDone": false, "checklist": [], "comments": [], "links": [],
            ])
            #expect(try await api.get("/api/boards/nope/cards/\(id)").status == 404)
            let unknown = try await api.get("/api/boards/main/cards/00000000")
            #expect(unknown.status == 404)
            #expect(unknown.error?.contains("00000000") == true, "\(unknown.text)")
        }
    }

    @Test("GET a card ?at= a moment answers it as it was then; before it was added it is 404, outside the log 422")
    func getCardAt() async throws {
        try await ServerHarness.withServer { api, engine in
            let id = try await Self.newCard(api, "Then, 그때")
            let then = try engine.lastSequence()
            #expect(try await api.post("/api/boards/main/cards/\(id)/assignees", #"{"person": "Zoé"}"#).status == 200)
            let past = try await api.get("/api/boards/main/cards/\(id)?at=\(then)")
            #expect(past.status == 200)
            #expect(try past.json["title"] == "Then, 그때")
            #expect(try past.json["assignees"] == [])
            #expect(try await api.get("/api/boards/main/cards/\(id)").json["assignees"] == ["Zoé"])
            #expect(try await api.get("/api/boards/main/cards/\(id)?at=1").status == 404)
            #expect(try await api.get("/api/boards/main/cards/\(id)?at=99999").status == 422)
        }
    }

    @Test("Assign, label, mark the due date done: GET shows each, DELETE takes it away; doing it twice appends nothing")
    func assigneesLabelsAndDue() async throws {
        try await ServerHarness.withServer { api, engine in
            let id = try await Self.newCard(api, due: "2099-12-01")
            let card = "/api/boards/main/cards/\(id)"
            let assigned = try await api.post(card + "/assignees", #"{"person": "김지수"}"#)
            #expect(assigned.status == 200)
            #expect(try Self.kinds(assigned) == ["cardAssigned"])
            #expect(try assigned.json.elements?.first?["data"]?["person"] == "김지수")
            _ = try await api.post(card + "/assignees", #"{"person": "ana"}"#)
            let before = try engine.lastSequence()
            let again = try await api.post(card + "/assignees", #"{"person": "ana"}"#)
            #expect(again.status == 200 && again.text == "[]")
            #expect(try engine.lastSequence() == before)
            #expect(try await api.post(card + "/labels", #"{"label": "bug"}"#).status == 200)
            let done = try await api.send(.put, card + "/due-done", json: #"{"done": true}"#)
            #expect(try Self.kinds(done) == ["dueMarked"])
            var shown = try await api.get(card).json
            #expect(shown["assignees"] == ["ana", "김지수"])
            #expect(shown["labels"] == [["name": "bug", "colour": "grey"]])
            #expect(shown["dueDone"] == true)

            #expect(try Self.kinds(try await api.delete(card + "/assignees/\(Self.encoded("김지수"))")) == ["cardUnassigned"])
            #expect(try Self.kinds(try await api.delete(card + "/labels/BUG")) == ["cardUnlabelled"])
            #expect(try Self.kinds(try await api.send(.put, card + "/due-done", json: #"{"done": false}"#)) == ["dueMarked"])
            shown = try await api.get(card).json
            #expect(shown["assignees"] == ["ana"])
            #expect(shown["labels"] == [])
            #expect(shown["dueDone"] == false)
            #expect(try await api.delete(card + "/assignees/nobody").text == "[]")
        }
    }

    @Test("Bad detail bodies are a one-line 400 (or 422 for values out of bounds) and append nothing", arguments: [
        ("post", "/assignees", #"{"who": "ana"}"#, 400, #"malformed JSON: "person" is missing"#),
        ("post", "/assignees", #"{"person": "  "}"#, 422, "the name is empty"),
        ("post", "/labels", #"{"label": 5}"#, 400, #"malformed JSON: "label" should be a string"#),
        ("put", "/due-done", #"{"done": "yes"}"#, 400, #"malformed JSON: "done" should be true or false"#),
        ("put", "/due-done", "{}", 400, #"malformed JSON: "done" is missing"#),
        ("post", "/comments", #"{"text": " "}"#, 422, "the comment is empty"),
        ("post", "/checklist", #"{"text": "x", "at": 3}"#, 422, "index 3 is out of range"),
        ("post", "/checklist", #"{"checklist": "Launch"}"#, 400, #"malformed JSON: "text" is missing"#),
        ("post", "/links", #"{"url": "javascript:alert(1)"}"#, 422, "'javascript:alert(1)' is not an http, https or mailto address"),
        ("post", "/links", #"{"url": "https://exa mple.com"}"#, 422, "an address holds no spaces"),
        ("post", "/links", "{", 400, "malformed JSON"),
    ])
    func refusedBodies(method: String, path: String, body: String, status: Int, message: String) async throws {
        try await ServerHarness.withServer { api, engine in
            let id = try await Self.newCard(api)
            let before = try engine.lastSequence()
            let answer = try await api.send(HTTPRequest.Method(method.uppercased())!, "/api/boards/main/cards/\(id)\(path)", json: body)
            #expect(answer.status == status, "\(answer.text)")
            #expect(answer.error?.hasPrefix(message) == true, "\(answer.text)")
            #expect(!answer.text.contains("\n"))
            #expect(try engine.lastSequence() == before)
        }
    }

    @Test("Comments: the author writes, edits by prefix and deletes; someone else's edit or delete is 403 and appends nothing")
    func comments() async throws {
        try await ServerHarness.withServer { api, engine in
            let card = "/api/boards/main/cards/\(try await Self.newCard(api))"
            let written = try await api.post(card + "/comments", #"{"text": "Looks good, 좋아요"}"#, headers: ["X-Kanban-Actor": "ana"])
            #expect(try Self.kinds(written) == ["commentAdded"])
            let comment = try Self.madeID(written, "comment")
            #expect(try written.json.elements?.first?["data"]?["comment"]?["author"] == "ana")

            let before = try engine.lastSequence()
            let foreign = try await api.patch(card + "/comments/\(comment)", #"{"text": "mine now"}"#, headers: ["X-Kanban-Actor": "bo"])
            #expect(foreign.status == 403)
            #expect(foreign.error?.contains("only ana") == true, "\(foreign.text)")
            #expect(try await api.delete(card + "/comments/\(comment)", headers: ["X-Kanban-Actor": "bo"]).status == 403)
            #expect(try engine.lastSequence() == before)

            let edited = try await api.patch(card + "/comments/\(comment.prefix(6))", #"{"text": "Looks great"}"#, headers: ["X-Kanban-Actor": "ana"])
            #expect(try Self.kinds(edited) == ["commentEdited"])
            var shown = try await api.get(card).json
            let comments = try #require(shown["comments"]?.elements)
            #expect(comments.count == 1)
            #expect(comments.first?["text"] == "Looks great")
            #expect(comments.first?["at"]?.string?.hasSuffix("Z") == true)

            #expect(try await api.patch(card + "/comments/ffffffff", #"{"text": "x"}"#, headers: ["X-Kanban-Actor": "ana"]).status == 404)
            #expect(try Self.kinds(try await api.delete(card + "/comments/\(comment)", headers: ["X-Kanban-Actor": "ana"])) == ["commentDeleted"])
            shown = try await api.get(card).json
            #expect(shown["comments"] == [])
        }
    }

    @Test("Checklist: add (at a place, in a named list), rename, check, move and remove; PATCH takes exactly one field")
    func checklist() async throws {
        try await ServerHarness.withServer { api, engine in
            let card = "/api/boards/main/cards/\(try await Self.newCard(api))"
            let one = try Self.madeID(try await api.post(card + "/checklist", #"{"text": "One"}"#), "item")
            let two = try Self.madeID(try await api.post(card + "/checklist", #"{"text": "Two", "checklist": "Launch", "at": 0}"#), "item")
            var items = try #require(try await api.get(card).json["checklist"]?.elements)
            #expect(items.map { $0["text"] } == ["Two", "One"])
            #expect(items.map { $0["checklist"] } == ["Launch", "Checklist"])

            #expect(try Self.kinds(try await api.patch(card + "/checklist/\(one.prefix(8))", #"{"text": "One!"}"#)) == ["checklistItemRenamed"])
            #expect(try Self.kinds(try await api.patch(card + "/checklist/\(one)", #"{"done": true}"#)) == ["checklistItemChecked"])
            #expect(try Self.kinds(try await api.patch(card + "/checklist/\(one)", #"{"at": 0}"#)) == ["checklistItemMoved"])
            items = try #require(try await api.get(card).json["checklist"]?.elements)
            #expect(items.map { $0["text"] } == ["One!", "Two"])
            #expect(items.map { $0["done"] } == [true, false])

            let before = try engine.lastSequence()
            for body in [#"{"text": "x", "done": true}"#, #"{"done": true, "at": 0}"#, "{}", #"{"checked": true}"#] {
                let answer = try await api.patch(card + "/checklist/\(two)", body)
                #expect(answer.status == 400, "\(body): \(answer.text)")
                #expect(answer.error == #"send exactly one of "text", "done" or "at""#, "\(body)")
            }
            #expect(try await api.patch(card + "/checklist/\(two)", #"{"at": 2}"#).status == 422)
            let unknown = try await api.patch(card + "/checklist/ffffffff", #"{"done": true}"#)
            #expect(unknown.status == 404)
            #expect(unknown.error == "card 'Detailed' has no checklist item 'ffffffff'")
            #expect(try await api.delete(card + "/checklist/ffffffff").status == 404)
            #expect(try engine.lastSequence() == before)

            #expect(try Self.kinds(try await api.delete(card + "/checklist/\(two)")) == ["checklistItemRemoved"])
            items = try #require(try await api.get(card).json["checklist"]?.elements)
            #expect(items.map { $0["id"] } == [JSONTree.string(one)])
        }
    }

    @Test("Links: an https or mailto address is attached (named, or by its address) and removed; unknown is 404")
    func links() async throws {
        try await ServerHarness.withServer { api, engine in
            let card = "/api/boards/main/cards/\(try await Self.newCard(api))"
            let spec = try Self.madeID(try await api.post(card + "/links", #"{"url": "https://example.com/spec?a=1", "name": "Spec"}"#), "link")
            _ = try await api.post(card + "/links", #"{"url": "mailto:ana@example.com"}"#)
            let links = try #require(try await api.get(card).json["links"]?.elements)
            #expect(links.map { $0["name"] } == ["Spec", "mailto:ana@example.com"])
            #expect(links.first?["url"] == "https://example.com/spec?a=1")
            let before = try engine.lastSequence()
            #expect(try await api.delete(card + "/links/ffffffff").status == 404)
            #expect(try engine.lastSequence() == before)
            #expect(try Self.kinds(try await api.delete(card + "/links/\(spec.prefix(8))")) == ["linkRemoved"])
            #expect(try await api.get(card).json["links"]?.elements?.count == 1)
        }
    }

    @Test("Board labels and members: a label name with a space, Korean and a comma in the path is made, put on a card, recoloured and removed")
    func boardLabelsAndMembers() async throws {
        try await ServerHarness.withServer { api, _ in
            let name = "긴급, needs review"
            let path = "/api/boards/main/labels/\(Self.encoded(name))"
            let made = try await api.send(.put, path, json: #"{"colour": "Red"}"#)
            #expect(made.status == 200)
            // The first write also makes the default board.
            #expect(try Self.kinds(made) == ["boardCreated", "labelChanged"])
            #expect(try made.json.elements?.last?["data"] == ["label": .string(name), "colour": ["old": nil, "new": "red"]])
            let id = try await Self.newCard(api)
            let card = "/api/boards/main/cards/\(id)"
            #expect(try Self.kinds(try await api.post(card + "/labels", #"{"label": "긴급, NEEDS review"}"#)) == ["cardLabelled"])
            #expect(try await api.get(card).json["labels"] == [["name": .string(name), "colour": "red"]])
            #expect(try Self.kinds(try await api.send(.put, path, json: #"{"colour": "gray"}"#)) == ["labelChanged"])
            #expect(try await api.get(card).json["labels"] == [["name": .string(name), "colour": "grey"]])
            #expect(try await api.send(.put, path, json: #"{"colour": "grey"}"#).text == "[]")

            #expect(try Self.kinds(try await api.post("/api/boards/main/members", #"{"person": "박 민준"}"#)) == ["memberAdded"])
            var board = try await api.get("/api/boards/main").json
            #expect(board["labels"] == [["name": .string(name), "colour": "grey"]])
            #expect(board["members"] == ["박 민준"])

            #expect(try Self.kinds(try await api.delete("/api/boards/main/members/\(Self.encoded("박 민준"))")) == ["memberRemoved"])
            #expect(try Self.kinds(try await api.delete(path)) == ["labelChanged"])
            board = try await api.get("/api/boards/main").json
            #expect(board["labels"] == .none && board["members"] == .none)
            // The card keeps the label, grey now that the board does not offer it.
            #expect(try await api.get(card).json["labels"] == [["name": .string(name), "colour": "grey"]])
            #expect(try Self.kinds(try await api.delete(card + "/labels/\(Self.encoded(name))")) == ["cardUnlabelled"])
            #expect(try await api.send(.put, "/api/boards/nope/labels/x", json: #"{"colour": "red"}"#).status == 404)
            #expect(try await api.send(.put, path, json: #"{"colour": "mauve"}"#).status == 422)
        }
    }

    @Test("The board answer carries each card's summary of its details, and nothing for a card without")
    func boardSummary() async throws {
        try await ServerHarness.withServer { api, _ in
            let plain = try await Self.newCard(api, "Plain")
            let id = try await Self.newCard(api, "Busy", due: "2099-12-01")
            let card = "/api/boards/main/cards/\(id)"
            _ = try await api.post(card + "/assignees", #"{"person": "ana"}"#)
            _ = try await api.post(card + "/labels", #"{"label": "bug"}"#)
            _ = try await api.send(.put, card + "/due-done", json: #"{"done": true}"#)
            let item = try Self.madeID(try await api.post(card + "/checklist", #"{"text": "One"}"#), "item")
            _ = try await api.post(card + "/checklist", #"{"text": "Two"}"#)
            _ = try await api.patch(card + "/checklist/\(item)", #"{"done": true}"#)
            _ = try await api.post(card + "/comments", #"{"text": "Hi"}"#)
            _ = try await api.post(card + "/links", #"{"url": "https://example.com"}"#)
            let cards = try #require(try await api.get("/api/boards/main").json["columns"]?.elements?.first?["cards"]?.elements)
            #expect(cards.first == ["id": .string(plain), "title": "Plain", "description": "", "due": nil, "overdue": false])
            #expect(cards.last == [
                "id": .string(id), "title": "Busy", "description": "", "due": "2099-12-01", "overdue": false,
                "assignees": ["ana"], "labels": ["bug"], "dueDone": true, "checklist": ["done": 1, "total": 2], "comments": 1, "links": 1,
            ])
        }
    }

    @Test("A column's limit is set, shown on the board, and lifted with null; out of bounds is 422, a missing key 400")
    func columnLimit() async throws {
        try await ServerHarness.withServer { api, engine in
            let path = "/api/boards/main/columns/doing/limit"
            let set = try await api.send(.put, path, json: #"{"limit": 3}"#)
            // The first write also makes the default board.
            #expect(try Self.kinds(set) == ["boardCreated", "columnLimitChanged"])
            #expect(try set.json.elements?.last?["data"]?["limit"] == ["old": nil, "new": 3])
            var columns = try #require(try await api.get("/api/boards/main").json["columns"]?.elements)
            #expect(columns.map { $0["limit"] } == [.none, .some(3), .none])

            let before = try engine.lastSequence()
            for (body, status) in [(#"{"limit": 0}"#, 422), (#"{"limit": 1000}"#, 422), ("{}", 400), (#"{"limit": "3"}"#, 400), (#"{"limit": 2.5}"#, 400)] {
                #expect(try await api.send(.put, path, json: body).status == status, "\(body)")
            }
            #expect(try await api.send(.put, "/api/boards/main/columns/LATER/limit", json: #"{"limit": 3}"#).status == 404)
            #expect(try engine.lastSequence() == before)

            let lifted = try await api.send(.put, path, json: #"{"limit": null}"#)
            #expect(try lifted.json.elements?.first?["data"]?["limit"] == ["old": 3, "new": nil])
            columns = try #require(try await api.get("/api/boards/main").json["columns"]?.elements)
            #expect(columns.map { $0["limit"] } == [.none, .none, .none])
            #expect(try await api.send(.put, path, json: #"{"limit": null}"#).text == "[]")
        }
    }

    @Test("Detail writes honour Idempotency-Key: a retry answers the same events and appends nothing")
    func idempotentDetailWrite() async throws {
        try await ServerHarness.withServer { api, engine in
            let card = "/api/boards/main/cards/\(try await Self.newCard(api))"
            let key = ["Idempotency-Key": "comment-once"]
            let first = try await api.post(card + "/comments", #"{"text": "Once"}"#, headers: key)
            let after = try engine.lastSequence()
            let retry = try await api.post(card + "/comments", #"{"text": "Once"}"#, headers: key)
            #expect(retry.status == 200 && retry.text == first.text)
            #expect(retry.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
            #expect(try engine.lastSequence() == after)
            #expect(try await api.get(card).json["comments"]?.elements?.count == 1)
        }
    }
}
