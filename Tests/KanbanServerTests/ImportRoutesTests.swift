import Foundation
import Kanban
import KanbanTrello
import KanbanCore
import KanbanTestSupport
import Testing

@Suite("Trello import route")
struct ImportRoutesTests {
    static var sample: String {
        get throws {
            let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("KanbanTests/Trello/Fixtures/trello2planka-sample-board.json").path
            return try String(contentsOfFile: path, encoding: .utf8)
        }
    }

    @Test("POST /api/import/trello: 201 with the summary, 200 and nothing appended the second time, 409 for a taken name")
    func importTrello() async throws {
        try await ServerHarness.withServer { api, engine in
            let sample = try Self.sample
            let first = try await api.post("/api/import/trello", sample)
            #expect(first.status == 201)
            #expect(try first.json["board"] == "Simple Project Board" && first.json["cards"] == 9 && first.json["alreadyImported"] == false)
            #expect(try first.json["nothingToImport"]?["addToOrganizationBoard"] == 1 && first.json["notImported"]?["copyBoard"] == nil)
            #expect(try first.json["notImported"]?["commentCard"] == nil)
            let events = try engine.statistics().events

            let again = try await api.post("/api/import/trello?board=Other", sample)
            #expect(try again.status == 200 && again.json["alreadyImported"] == true)
            #expect(try engine.statistics().events == events)
            #expect(try await api.get("/api/boards/Simple%20Project%20Board?at=2022-11-20").status == 200)

            // Another export whose name is taken: 409, with the query parameter that helps.
            let other = sample.replacingOccurrences(of: "63792cd280232800fa06fe65", with: "63792cd280232800fa06fe00")
            let taken = try await api.post("/api/import/trello", other)
            #expect(taken.status == 409 && taken.error?.contains("?board=NAME") == true)
            #expect(try await api.post("/api/import/trello?board=Copy", other).status == 201)
        }
    }

    @Test("A board name out of bounds is 422 before anything else, also for an export imported before; nothing is appended")
    func badBoardName() async throws {
        try await ServerHarness.withServer { api, engine in
            let sample = try Self.sample
            let long = String(repeating: "a", count: 51)
            #expect(try await api.post("/api/import/trello?board=\(long)", sample).status == 422)
            #expect(try await api.post("/api/import/trello?board=%20%20", sample).status == 422)
            #expect(try await api.post("/api/import/trello", sample).status == 201)
            let events = try engine.statistics().events
            let again = try await api.post("/api/import/trello?board=\(long)", sample)
            #expect(again.status == 422 && again.error?.contains("at most 50") == true)
            #expect(try await api.post("/api/import/trello?board=%20%20", sample).status == 422)
            #expect(try engine.statistics().events == events)
        }
    }

    @Test("A body that is not an export is 400; one over 20 MiB is 413; a write without JSON is 415; nothing is appended")
    func refusals() async throws {
        try await ServerHarness.withServer { api, engine in
            let events = try engine.statistics().events
            let notJSON = try await api.post("/api/import/trello", "hello")
            #expect(notJSON.status == 400 && notJSON.error?.contains("not a Trello board export") == true)
            #expect(try await api.post("/api/import/trello", #"{"id": "x", "lists": []}"#).status == 400)
            let huge = #"{"id": "x", "name": ""# + String(repeating: "a", count: 21 * 1024 * 1024) + #""}"#
            let tooLarge = try await api.post("/api/import/trello", huge)
            #expect(tooLarge.status == 413 && tooLarge.error?.contains("20 MiB") == true)
            #expect(try await api.send(.post, "/api/import/trello", json: try Self.sample, contentType: "text/plain").status == 415)
            #expect(try engine.statistics().events == events)
        }
    }
}
