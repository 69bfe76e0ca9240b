import Foundation
import Kanban
import KanbanTestSupport
import Testing

@Suite("Idempotency-Key")
struct IdempotencyTests {
    @Test("A retried write gets the first answer and appends nothing")
    func retry() async throws {
        try await ServerHarness.withServer { api, engine in
            let key = ["Idempotency-Key": "add-1"]
            let first = try await api.post("/api/boards/main/cards", #"{"title": "once"}"#, headers: key)
            let after = try engine.lastSequence()
            let second = try await api.post("/api/boards/main/cards", #"{"title": "once"}"#, headers: key)
            #expect(first.status == 201 && second.status == 201)
            #expect(first.text == second.text)
            #expect(second.headers[.init("Idempotent-Replayed")!] == "true")
            #expect(first.headers[.init("Idempotent-Replayed")!] == nil)
            #expect(try engine.lastSequence() == after)
            #expect(try ServerHarness.titles(in: engine)["TODO"] == ["once"])
        }
    }

    @Test("A rejection is remembered too, and the same key for another request is 422")
    func rejectionAndMisuse() async throws {
        try await ServerHarness.withServer { api, engine in
            let key = ["Idempotency-Key": "k"]
            let refused = try await api.post("/api/boards/main/cards", #"{"title": ""}"#, headers: key)
            #expect(refused.status == 422)
            #expect(try await api.post("/api/boards/main/cards", #"{"title": ""}"#, headers: key).text == refused.text)
            let misuse = try await api.post("/api/boards/main/cards", #"{"title": "other"}"#, headers: key)
            #expect(misuse.status == 422)
            #expect(misuse.error == "Idempotency-Key 'k' was used for a different request")
            // Keys belong to an actor: another actor's same key is a new request.
            #expect(try await api.post("/api/boards/main/cards", #"{"title": "other"}"#, headers: ["Idempotency-Key": "k", "X-Kanban-Actor": "ben"]).status == 201)
            #expect(try await api.post("/api/boards/main/cards", "{}", headers: ["Idempotency-Key": ""]).status == 400)
            #expect(try ServerHarness.titles(in: engine)["TODO"] == ["other"])
        }
    }

    @Test("Keys are kept in the database: a retry after a restart appends nothing")
    func restart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("restart.db")
        let first = try await Self.send(path: path)
        let sequence = try KanbanEngine(path: path).lastSequence()
        let second = try await Self.send(path: path)
        #expect(first == second)
        #expect(try KanbanEngine(path: path).lastSequence() == sequence)
    }

    @Test("Concurrent retries of one key carry it out once")
    func concurrentRetries() async throws {
        try await ServerHarness.withServer { api, engine in
            let answers = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await api.post("/api/boards/main/cards", #"{"title": "once"}"#, headers: ["Idempotency-Key": "same"]).text }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(answers.count == 1)
            #expect(try ServerHarness.titles(in: engine)["TODO"] == ["once"])
        }
    }

    private static func send(path: String) async throws -> String {
        try await ServerHarness.withServer(engine: try KanbanEngine(path: path)) { api, _ in
            try await api.post("/api/boards/main/cards", #"{"title": "once"}"#, headers: ["Idempotency-Key": "restart"]).text
        }
    }
}
