import Foundation
import HTTPTypes
import Kanban
import KanbanTestSupport
import Testing

/// `PUT …/columns/{column}/limit` with `"strict": true`, the 409 of a full strict column, and
/// the `"edited"` mark of an edited comment over HTTP.
@Suite("Strict limits and edited comments over HTTP")
struct StrictLimitAndEditedCommentRoutesTests {
    @Test("A strict limit is set with \"strict\": true, shown on the board, and refuses an add or a move with 409")
    func strictLimit() async throws {
        try await ServerHarness.withServer { api, engine in
            let waiting = try await CardDetailRoutesTests.newCard(api, "waiting")
            _ = try await api.post("/api/boards/main/cards", #"{"title": "busy", "column": "DOING"}"#)
            let path = "/api/boards/main/columns/doing/limit"
            let set = try await api.send(.put, path, json: #"{"limit": 1, "strict": true}"#)
            #expect(set.status == 200)
            #expect(try set.json.elements?.last?["data"]?["strict"] == ["old": false, "new": true])
            let columns = try #require(try await api.get("/api/boards/main").json["columns"]?.elements)
            #expect(columns.map { $0["strict"] } == [.none, .some(true), .none])
            #expect(columns.map { $0["limit"] } == [.none, .some(1), .none])

            let before = try engine.lastSequence()
            let added = try await api.post("/api/boards/main/cards", #"{"title": "more", "column": "DOING"}"#)
            #expect(added.status == 409)
            #expect(added.error == "column 'DOING' is full: its strict limit is 1 card; move a card out or raise the limit first")
            #expect(try await api.post("/api/boards/main/cards/\(waiting)/move", #"{"column": "DOING"}"#).status == 409)
            // A strict limit needs a number; "strict" must be true or false.
            #expect(try await api.send(.put, path, json: #"{"limit": null, "strict": true}"#).status == 422)
            #expect(try await api.send(.put, path, json: #"{"limit": 2, "strict": "yes"}"#).status == 400)
            #expect(try engine.lastSequence() == before)

            // Without "strict" the limit is a plain one again.
            let plain = try await api.send(.put, path, json: #"{"limit": 1}"#)
            #expect(try plain.json.elements?.first?["data"]?["strict"] == ["old": true, "new": false])
            #expect(try await api.post("/api/boards/main/cards/\(waiting)/move", #"{"column": "DOING"}"#).status == 200)
            let after = try #require(try await api.get("/api/boards/main").json["columns"]?.elements)
            #expect(after.map { $0["strict"] } == [.none, .none, .none])
        }
    }

    @Test("GET a card shows \"edited\" on an edited comment only")
    func editedComment() async throws {
        try await ServerHarness.withServer { api, _ in
            let id = try await CardDetailRoutesTests.newCard(api)
            let card = "/api/boards/main/cards/\(id)"
            _ = try await api.post(card + "/comments", #"{"text": "as written"}"#)
            let comment = try CardDetailRoutesTests.madeID(try await api.post(card + "/comments", #"{"text": "draft"}"#), "comment")
            let edited = try await api.patch(card + "/comments/\(comment)", #"{"text": "final"}"#)
            #expect(edited.status == 200)
            let timestamp = try #require(try edited.json.elements?.first?["timestamp"])
            let comments = try #require(try await api.get(card).json["comments"]?.elements)
            #expect(comments[0]["edited"] == nil)
            #expect(comments[1]["edited"] == timestamp)
        }
    }
}
