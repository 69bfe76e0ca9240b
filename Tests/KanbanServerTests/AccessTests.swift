import Foundation
import Kanban
import KanbanServer
import KanbanTestSupport
import Testing

@Suite("Who may do what")
struct AccessTests {
    static let tokens = try! TokenFile(parsing: "# actors\nana s3cret-token-of-ana\nben\tanother-token-for-ben\n")

    @Test("Writes without Content-Type application/json are 415 and append nothing")
    func contentType() async throws {
        try await ServerHarness.withServer { api, engine in
            for type in [nil, "text/plain", "application/x-www-form-urlencoded"] as [String?] {
                let answer = try await api.send(.post, "/api/boards/main/cards", json: #"{"title": "x"}"#, contentType: type)
                #expect(answer.status == 415)
            }
            #expect(try await api.send(.post, "/api/boards/main/cards", json: #"{"title": "x"}"#, contentType: "application/json; charset=utf-8").status == 201)
            #expect(try engine.lastSequence() == 2)
        }
    }

    @Test("Another site's Origin and a Host the server does not answer to are 403")
    func otherSites() async throws {
        try await ServerHarness.withServer { api, engine in
            let foreign = try await api.post("/api/boards/main/cards", #"{"title": "x"}"#, headers: ["Origin": "http://evil.example"])
            #expect(foreign.status == 403)
            #expect(try await api.get("/api/boards", headers: ["Origin": "null"]).status == 403)
            #expect(try await api.get("/api/boards", headers: ["Host": "rebound.example:8080"]).status == 403)
            #expect(try await api.get("/", headers: ["Host": "rebound.example"]).status == 403)
            #expect(try await api.post("/api/boards/main/cards", #"{"title": "x"}"#, headers: ["Origin": "http://\(APIClient.host)"]).status == 201)
            #expect(try await api.get("/api/boards", headers: ["Host": "localhost:9999"]).status == 200)
            #expect(try engine.lastSequence() == 2)
        }
    }

    @Test("A body over 64 KiB is 413")
    func tooLarge() async throws {
        try await ServerHarness.withServer { api, engine in
            let body = "{\"title\": \"x\", \"description\": \"\(String(repeating: "a", count: 70_000))\"}"
            let answer = try await api.post("/api/boards/main/cards", body)
            #expect(answer.status == 413)
            #expect(answer.error == "the request body is larger than 64 KiB")
            #expect(try engine.lastSequence() == 0)
        }
    }

    @Test("With tokens, /api needs one (bearer or session cookie) and acts as its actor")
    func tokensDecideTheActor() async throws {
        try await ServerHarness.withServer(tokens: Self.tokens) { api, engine in
            #expect(try await api.get("/api/boards").status == 401)
            #expect(try await api.get("/api/boards", headers: ["Authorization": "Bearer wrong-token-wrong-token"]).status == 401)
            #expect(try await api.get("/api/openapi.yaml").status == 200)
            #expect(try await api.get("/healthz").status == 200)
            let added = try await api.post("/api/boards/main/cards", #"{"title": "x"}"#, headers: ["Authorization": "Bearer s3cret-token-of-ana", "X-Kanban-Actor": "mallory"])
            #expect(added.status == 201)
            #expect(try engine.events().last?.actor == "ana")
            #expect(try await api.post("/api/session", #"{"token": "nope-nope-nope-nope"}"#).status == 401)
            let session = try await api.post("/api/session", #"{"token": "another-token-for-ben"}"#)
            #expect(session.status == 200)
            let cookie = try #require(session.headers[.setCookie])
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            let pair = String(cookie.prefix(while: { $0 != ";" }))
            #expect(try await api.get("/api/session", headers: ["Cookie": pair]).json["actor"] == .string("ben"))
        }
    }

    @Test("A path with an empty segment (//api/…, /api//…) is refused before anything: it is no way past the token or a board's roles")
    func emptySegments() async throws {
        try await ServerHarness.withServer(tokens: Self.tokens) { api, engine in
            _ = try await api.post("/api/boards/main/cards", #"{"title": "x"}"#, headers: ["Authorization": "Bearer s3cret-token-of-ana"])
            let before = try engine.lastSequence()
            // The router ignores empty segments: these would reach /api routes without the /api prefix the checks look for.
            for path in ["//api/boards/main", "//api/export", "/api//export", "//api/boards", "/api/boards//main", "///api/boards/main"] {
                let read = try await api.get(path)
                #expect(read.status == 400, "\(path): \(read.status) \(read.text)")
            }
            let write = try await api.post("//api/boards/main/cards", #"{"title": "intruder"}"#)
            #expect(write.status == 400, "\(write.text)")
            #expect(try engine.lastSequence() == before)
            // With a token too: a member's roles are not bypassed either.
            #expect(try await api.get("//api/boards/main", headers: ["Authorization": "Bearer s3cret-token-of-ana"]).status == 400)
        }
    }

    @Test("Token files: lines ACTOR TOKEN; one readable by others, or malformed, is refused with one line")
    func tokenFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("tokens")
        try "ana s3cret-token-of-ana\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o644)
        #expect(throws: TokenFileError.tooOpen(path: path, mode: "644")) { try TokenFile(contentsOf: path) }
        chmod(path, 0o600)
        #expect(try TokenFile(contentsOf: path).actor(for: "s3cret-token-of-ana") == "ana")
        #expect(throws: TokenFileError.self) { try TokenFile(parsing: "ana short") }
        #expect(throws: TokenFileError.self) { try TokenFile(parsing: "ana\n") }
        #expect(throws: TokenFileError.self) { try TokenFile(parsing: "# nothing\n") }
        #expect(Self.tokens.actor(for: "s3cret-token-of-an") == nil)
        #expect(Self.tokens.actor(for: "s3cret-token-of-ana ") == nil)
    }

    @Test("Listening beyond loopback without tokens is refused")
    func refusal() {
        #expect(ServerConfiguration(host: "0.0.0.0").refusal?.hasPrefix("refusing to listen on 0.0.0.0 without --token-file") == true)
        #expect(ServerConfiguration(host: "0.0.0.0", tokens: Self.tokens).refusal == nil)
        #expect(ServerConfiguration(host: "127.0.0.1").refusal == nil)
        #expect(ServerConfiguration(host: "::1").refusal == nil)
    }
}
