import Foundation
import HTTPTypes
import Kanban
import KanbanServer
import KanbanTestSupport
import Testing

@Suite("Attacks and unbounded costs")
struct AttacksAndUnboundedCostsTests {
    /// The `before`/`after` value of a `Link: <…>; rel="next"` header, or `nil` without one.
    static func nextPath(_ answer: APIResponse) -> String? {
        guard let link = answer.headers[HTTPField.Name("Link")!], link.hasSuffix("rel=\"next\"") else { return nil }
        guard let open = link.firstIndex(of: "<"), let close = link.firstIndex(of: ">") else { return nil }
        return String(link[link.index(after: open)..<close])
    }

    @Test("A huge or out-of-range limit is a one-line 400 and the server goes on answering")
    func hugeLimits() async throws {
        try await ServerHarness.withServer { api, engine in
            _ = try await api.post("/api/boards/main/cards", #"{"title": "x"}"#)
            for path in [
                "/api/boards/main/history?limit=4611686018427387872", "/api/boards/main/history?limit=10001",
                "/api/boards/main/history?limit=99999999999999999999999", "/api/boards/main/deleted?limit=4611686018427387872",
                "/api/log?limit=10001", "/api/log?after=-1", "/api/boards/main/history?before=0",
                "/api/boards/main/history?limit=1e3",
            ] {
                let answer = try await api.get(path)
                #expect(answer.status == 400, "\(path)")
                #expect(answer.error?.contains("\n") == false, "\(path)")
            }
            #expect(try await api.get("/api/boards/main/history?limit=10000").status == 200)
            #expect(try await api.get("/api/log?after=18446744073709551615").json.elements?.isEmpty == true)
            #expect(try engine.lastSequence() == 2)
        }
    }

    @Test("History, deleted cards and the log come in pages linked by a next cursor that together hold everything")
    func pages() async throws {
        try await ServerHarness.withServer { api, engine in
            for number in 1...7 {
                let added = try await api.post("/api/boards/main/cards", "{\"title\": \"card, №\(number) 카드\"}")
                let id = try #require(added.json["id"].flatMap { if case .string(let id) = $0 { id } else { nil } })
                if number % 2 == 1 { #expect(try await api.delete("/api/boards/main/cards/\(id)").status == 200) }
            }
            func walk(_ first: String) async throws -> [JSONTree] {
                var path: String? = first
                var all: [JSONTree] = []
                var pages = 0
                while let next = path, pages < 50 {
                    let answer = try await api.get(next)
                    #expect(answer.status == 200, "\(next)")
                    all += try answer.json.elements ?? []
                    path = Self.nextPath(answer)
                    pages += 1
                }
                return all
            }
            let wholeHistory = try await api.get("/api/boards/main/history?lang=ko").json.elements ?? []
            #expect(wholeHistory.count == 12)
            let pagedHistory = try await walk("/api/boards/main/history?lang=ko&limit=5")
            // Each page is in log order; pages go from the newest back.
            #expect(pagedHistory.count == 12)
            #expect(Set(pagedHistory.map { "\($0["sequence"].map { "\($0)" } ?? "")" }) == Set(wholeHistory.map { "\($0["sequence"].map { "\($0)" } ?? "")" }))

            let wholeDeleted = try await api.get("/api/boards/main/deleted").json.elements ?? []
            #expect(wholeDeleted.count == 4)
            let pagedDeleted = try await walk("/api/boards/main/deleted?limit=3")
            #expect(pagedDeleted == wholeDeleted)

            let wholeLog = try await api.get("/api/log").json.elements ?? []
            #expect(wholeLog.count == 12)
            #expect(try await walk("/api/log?limit=5") == wholeLog)
            #expect(try engine.lastSequence() == 12)
        }
    }

    @Test("Host is parsed exactly: loopback look-alikes, user parts and two Host headers are refused")
    func hostHeader() async throws {
        try await ServerHarness.withServer { api, engine in
            for host in ["127.0.0.1.rebind.attacker.example", "127.0.0.1.rebind.attacker.example:8080", "localhost.evil.example", "127.evil.example"] {
                #expect(try await api.get("/api/boards", headers: ["Host": host]).status == 403, "\(host)")
            }
            for host in ["127.0.0.1:8080@evil.com", "evil.com@127.0.0.1", "127.0.0.1:80:80", "127.0.0.1:port", "127.0.0.1 evil", "[::1", "127.0.0.1:99999"] {
                #expect(try await api.get("/api/boards", headers: ["Host": host]).status == 400, "\(host)")
            }
            for host in ["127.0.0.1", "127.9.8.7:1234", "localhost", "LOCALHOST:8080", "localhost.", "[::1]:8080", "[0:0:0:0:0:0:0:1]"] {
                #expect(try await api.get("/api/boards", headers: ["Host": host]).status == 200, "\(host)")
            }
            var twice = HTTPFields()
            twice.append(HTTPField(name: HTTPField.Name("Host")!, value: "127.0.0.1:8080"))
            twice.append(HTTPField(name: HTTPField.Name("Host")!, value: "evil.example"))
            let response = try await api.client.execute(uri: "/api/boards", method: .get, headers: twice, body: nil)
            #expect(response.status.code == 400)
            #expect(try engine.lastSequence() == 0)
        }
    }

    @Test("--host is loopback only as localhost, an IPv4 literal in 127/8 or ::1")
    func loopbackHosts() {
        for host in ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]"] {
            #expect(ServerConfiguration(host: host).refusal == nil, "\(host)")
        }
        for host in ["127.anything", "127.0.0.1.nip.io", "127.0.0.256", "0.0.0.0", "::", "128.0.0.1", "localhost.example"] {
            #expect(ServerConfiguration(host: host).refusal != nil, "\(host)")
        }
    }

    @Test("A board holds at most 100 columns; a too-long flow span is a 400, an until far ahead is bounded")
    func boundedShapes() async throws {
        try await ServerHarness.withServer { api, engine in
            let many = (1...101).map { "\"c\($0)\"" }.joined(separator: ",")
            let refused = try await api.post("/api/boards", "{\"name\": \"wide\", \"columns\": [\(many)]}")
            #expect(refused.status == 422)
            #expect(refused.error == "board 'wide' may have at most 100 columns")
            let hundred = (1...100).map { "\"c\($0)\"" }.joined(separator: ",")
            #expect(try await api.post("/api/boards", "{\"name\": \"wide\", \"columns\": [\(hundred)]}").status == 201)
            let before = try engine.lastSequence()
            #expect(try await api.post("/api/boards/wide/columns", #"{"name": "one more"}"#).status == 422)
            #expect(try engine.lastSequence() == before)

            #expect(try await api.get("/api/boards/wide/flow?since=2000-01-01&until=2100-01-01").status == 400)
            let far = try await api.get("/api/boards/wide/flow?until=2100-01-01")
            #expect(far.status == 200)
            #expect((try far.json["days"]?.elements?.count ?? .max) <= 3_660)
        }
    }

    @Test("A method a path does not take is 405 with Allow; HEAD answers as GET without a body; an unknown path stays 404")
    func methods() async throws {
        try await ServerHarness.withServer { api, engine in
            let put = try await api.send(.put, "/api/boards/main", json: "{}")
            #expect(put.status == 405)
            let allowed = Set((put.headers[.allow] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            #expect(allowed == ["GET", "HEAD", "PATCH", "DELETE"])
            #expect(put.error?.contains("PUT") == true)
            #expect(try await api.send(.post, "/api/log", json: "{}").status == 405)
            #expect(try await api.send(.delete, "/api/openapi.yaml").status == 405)
            let head = try await api.send(.head, "/api/boards")
            #expect(head.status == 200)
            #expect(head.text.isEmpty)
            #expect(try await api.send(.head, "/").status == 200)
            #expect(try await api.get("/api/nothing/here").status == 404)
            #expect(try await api.send(.put, "/api/nothing/here", json: "{}").status == 404)
            #expect(try engine.lastSequence() == 0)
        }
    }

    @Test("Bodyless DELETE and POST undo/redo/revive need no Content-Type; a body without one is still 415")
    func bodylessWrites() async throws {
        try await ServerHarness.withServer { api, engine in
            let added = try await api.post("/api/boards/main/cards", #"{"title": "x"}"#)
            let id = try #require(added.json["id"].flatMap { if case .string(let id) = $0 { id } else { nil } })
            #expect(try await api.send(.delete, "/api/boards/main/cards/\(id)", contentType: nil).status == 200)
            #expect(try await api.send(.post, "/api/undo", contentType: nil).status == 200)
            #expect(try await api.send(.post, "/api/redo", contentType: nil).status == 200)
            #expect(try await api.send(.post, "/api/boards/main/cards/\(id)/revive", contentType: nil).status == 200)
            #expect(try engine.lastSequence() == 6)
            let typeless = try await api.send(.post, "/api/boards/main/cards", json: #"{"title": "y"}"#, contentType: nil)
            #expect(typeless.status == 415)
            #expect(try engine.lastSequence() == 6)
        }
    }

    @Test("Two people editing one card: the second save with the sequence it read is a 409 naming the change; without it, it overwrites")
    func editConflict() async throws {
        try await ServerHarness.withServer { api, engine in
            let added = try await api.post("/api/boards/main/cards", #"{"title": "Plan", "description": "v1"}"#)
            let id = try #require(added.json["id"].flatMap { if case .string(let id) = $0 { id } else { nil } })
            let read = try engine.lastSequence()
            // ana saves first; her own later save and a change of another field by bob pass.
            #expect(try await api.patch("/api/boards/main/cards/\(id)", "{\"title\": \"Plan A\", \"since\": \(read)}", headers: ["X-Kanban-Actor": "ana"]).status == 200)
            #expect(try await api.patch("/api/boards/main/cards/\(id)", "{\"title\": \"Plan A2\", \"since\": \(read)}", headers: ["X-Kanban-Actor": "ana"]).status == 200)
            #expect(try await api.patch("/api/boards/main/cards/\(id)", "{\"description\": \"v2\", \"since\": \(read)}", headers: ["X-Kanban-Actor": "bob"]).status == 200)
            let before = try engine.lastSequence()
            let refused = try await api.patch("/api/boards/main/cards/\(id)", "{\"title\": \"Plan B\", \"since\": \(read)}", headers: ["X-Kanban-Actor": "bob"])
            #expect(refused.status == 409)
            #expect(refused.error?.hasPrefix("the title of 'Plan A' was changed by ana (#") == true, "\(refused.text)")
            #expect(try engine.lastSequence() == before)
            // Read again, or save anyway without since.
            #expect(try await api.patch("/api/boards/main/cards/\(id)", "{\"title\": \"Plan B\", \"since\": \(before)}", headers: ["X-Kanban-Actor": "bob"]).status == 200)
            // An undo counts by its effect: ana's undo of her new edit changes the title after bob read it.
            #expect(try await api.patch("/api/boards/main/cards/\(id)", #"{"title": "Plan D"}"#, headers: ["X-Kanban-Actor": "ana"]).status == 200)
            let bobRead = try engine.lastSequence()
            #expect(try await api.post("/api/undo", "{}", headers: ["X-Kanban-Actor": "ana"]).status == 200)
            let late = try await api.patch("/api/boards/main/cards/\(id)", "{\"title\": \"Plan C\", \"since\": \(bobRead)}", headers: ["X-Kanban-Actor": "bob"])
            #expect(late.status == 409)
            #expect(try await api.patch("/api/boards/main/cards/\(id)", #"{"title": "Plan C"}"#, headers: ["X-Kanban-Actor": "bob"]).status == 200)
        }
    }

    @Test("Token files saved with CRLF or a byte-order mark read as written; a token a cookie cannot carry is refused")
    func tokenFileText() throws {
        let windows = try TokenFile(parsing: "\u{FEFF}# team\r\nana s3cret-token-of-ana\r\nben another-token-for-ben\r\n")
        #expect(windows.entries.map(\.actor) == ["ana", "ben"])
        #expect(windows.actor(for: "s3cret-token-of-ana") == "ana" && windows.actor(for: "another-token-for-ben") == "ben")
        for bad in ["ana s3cret;token-of-ana", "ana s3cret,token-of-ana", "ana \"s3cret-token-of-ana\"", "ana s3cret\\token-of-ana", "ana s3crét-token-of-ana"] {
            #expect(throws: TokenFileError.self, "\(bad)") { try TokenFile(parsing: bad) }
        }
    }

    @Test("Five failed sign-ins from one address and the next wrong one is 429 with Retry-After; the right token still signs in; appends nothing")
    func signInThrottle() async throws {
        try await ServerHarness.withServer(tokens: AccessTests.tokens) { api, engine in
            for _ in 0..<5 {
                #expect(try await api.post("/api/session", #"{"token": "guess-guess-guess-guess"}"#).status == 401)
            }
            let throttled = try await api.post("/api/session", #"{"token": "guess-guess-guess-guess"}"#)
            #expect(throttled.status == 429)
            #expect(Int(throttled.headers[.retryAfter] ?? "") ?? 0 >= 1)
            // A right token is never locked out, whoever guessed from its address.
            #expect(try await api.post("/api/session", #"{"token": "s3cret-token-of-ana"}"#).status == 200)
            #expect(try await api.get("/api/boards", headers: ["Authorization": "Bearer s3cret-token-of-ana"]).status == 200)
            #expect(try engine.lastSequence() == 0)
        }
    }

    @Test("The due list leaves out cards in a board's last column: they are done")
    func dueLeavesOutDone() async throws {
        try await ServerHarness.withServer { api, _ in
            _ = try await api.post("/api/boards/main/cards", #"{"title": "late", "due": "2020-01-01"}"#)
            _ = try await api.post("/api/boards/main/cards", #"{"title": "finished", "due": "2020-01-01", "column": "DONE"}"#)
            let due = try await api.get("/api/due?within=24h")
            #expect(try due.json.elements?.map { $0["title"] } == [.string("late")])
        }
    }
}
