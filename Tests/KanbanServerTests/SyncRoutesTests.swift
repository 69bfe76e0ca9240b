import Foundation
import Hummingbird
import HummingbirdTesting
import Kanban
import KanbanCore
import KanbanOutput
import KanbanTestSupport
import Logging
import KanbanServer
import Testing

/// `POST /api/sync/push`, `GET /api/sync/pull` and the `ack` frames of a client's live stream:
/// every mutation is applied exactly once or refused with a visible reason, whatever happens to
/// the requests and answers on the way.
@Suite("Sync")
struct SyncRoutesTests {
    /// A push body of `client` with `mutations` (JSON texts).
    static func push(_ client: String, _ mutations: [String]) -> String {
        #"{"clientGroupID": "profile-1", "clientID": "\#(client)", "mutations": [\#(mutations.joined(separator: ","))]}"#
    }

    /// `response`'s body as `Value`.
    static func decode<Value: Decodable>(_ type: Value.Type, _ response: APIResponse) throws -> Value {
        try OutputJSON.decoder.decode(Value.self, from: Data(response.text.utf8))
    }

    @Test("A push applies mutations with the client's card ids and neighbours; the same push again is all duplicates")
    func pushTwice() async throws {
        try await ServerHarness.withServer { api, engine in
            let first = UUID().uuidString.lowercased()
            let second = UUID().uuidString.lowercased()
            let body = Self.push("tab-1", [
                #"{"id": 1, "name": "addCard", "args": {"board": "main", "card": "\#(first)", "title": "-rf, \"quoted\" 한국어 🎉", "description": "**bold**"}}"#,
                #"{"id": 2, "name": "addCard", "args": {"board": "main", "card": "\#(second)", "title": "goes first", "before": "\#(first)"}}"#,
                #"{"id": 3, "name": "moveCard", "args": {"board": "main", "card": "\#(first)", "column": "DOING"}, "since": 2}"#,
            ])
            let answer = try await api.post("/api/sync/push", body, headers: ["X-Kanban-Actor": "ana"])
            #expect(answer.status == 200)
            let output = try Self.decode(SyncPushOutput.self, answer)
            #expect(output.clientID == "tab-1" && output.lastMutationID == 3)
            #expect(output.results.map(\.status) == ["applied", "applied", "applied"])
            #expect(output.results[0].events?.last?.actor == "ana")
            #expect(output.lastSequence == (try engine.lastSequence()))
            #expect(try ServerHarness.titles(in: engine)["TODO"] == ["goes first"])
            #expect(try ServerHarness.titles(in: engine)["DOING"] == ["-rf, \"quoted\" 한국어 🎉"])
            #expect(try ServerHarness.cardID("goes first", in: engine) == second)

            let again = try Self.decode(SyncPushOutput.self, try await api.post("/api/sync/push", body, headers: ["X-Kanban-Actor": "ana"]))
            #expect(again.results.map(\.status) == ["duplicate", "duplicate", "duplicate"])
            #expect(again.lastSequence == output.lastSequence)
        }
    }

    @Test("A bad envelope is a 400 and changes nothing; a mutation that cannot be read is refused alone and the queue goes on")
    func badInput() async throws {
        try await ServerHarness.withServer { api, engine in
            let add = #"{"id": 1, "name": "addCard", "args": {"board": "main", "title": "x"}}"#
            let tooMany = (1...1_001).map { #"{"id": \#($0), "name": "undo"}"# }
            for body in [
                "", "not json", #"{"mutations": [\#(add)]}"#, Self.push("a b", [add]), Self.push("../etc", [add]),
                Self.push("c", [#"{"id": 0, "name": "undo"}"#]), Self.push("c", [#"{"id": -1, "name": "undo"}"#]),
                Self.push("c", [#"{"name": "undo"}"#]), Self.push("c", [#"{"id": 9007199254740992, "name": "undo"}"#]),
                Self.push("c", [#"{"id": 1, "name": "undo", "since": 18446744073709551616}"#]),
                Self.push("c", [#"{"id": 1, "name": "undo", "since": -1}"#]), Self.push("c", [#"{"id": 1, "name": "undo", "since": "41"}"#]),
                Self.push("c", tooMany),
            ] {
                let answer = try await api.post("/api/sync/push", body)
                #expect(answer.status == 400, "\(body.prefix(80)) → \(answer.status) \(answer.text)")
                #expect(answer.error?.isEmpty == false)
            }
            #expect(try engine.lastSequence() == 0)
            #expect(try engine.sync.status(client: "c").lastMutationID == 0)

            let answer = try await api.post("/api/sync/push", Self.push("c", [
                #"{"id": 1, "name": "paintCard", "args": {}}"#,
                #"{"id": 2, "name": "addCard", "args": {"board": "main", "title": 42}}"#,
                #"{"id": 3, "name": "addCard", "args": {"board": "main"}}"#,
                #"{"id": 4, "name": "addCard", "args": {"board": "main", "title": "x", "due": "tomorrow"}}"#,
                #"{"id": 5, "name": "addCard", "args": {"board": "main", "title": "x", "card": "not-a-uuid"}}"#,
                #"{"id": 6, "name": "moveCard", "args": {"board": "main", "card": "x", "column": "DONE", "at": 1.5}}"#,
                #"{"id": 7, "name": "createBoard", "args": {"name": "B", "columns": ["A", 5]}}"#,
                #"{"id": 8, "name": "addCard", "args": {"board": "main", "title": "still applied"}}"#,
            ]))
            #expect(answer.status == 200)
            let output = try Self.decode(SyncPushOutput.self, answer)
            #expect(output.results.map(\.status) == ["refused", "refused", "refused", "refused", "refused", "refused", "refused", "applied"])
            // An element of an array inside args is named by its key and index, not "Index 1".
            #expect(output.results[6].error == "the change cannot be read: \"columns[1]\" has the wrong type")
            #expect(output.results[5].error == "the change cannot be read: a number is out of range or not whole")
            #expect(output.results[0].error == "the change cannot be read: there is no mutation named 'paintCard'")
            #expect(output.results[1].error == "the change cannot be read: \"title\" has the wrong type")
            #expect(output.results[2].error == "the change cannot be read: addCard needs \"title\"")
            #expect(output.results[3].error?.contains("'tomorrow' is not an ISO 8601 date") == true)
            #expect(output.lastMutationID == 8)
            #expect(try ServerHarness.titles(in: engine)["TODO"] == ["still applied"])
            // A decided mutation sent again with a since out of range is still a 400, not a duplicate.
            let again = try await api.post("/api/sync/push", Self.push("c", [#"{"id": 8, "name": "addCard", "args": {"board": "main", "title": "still applied"}, "since": 18446744073709551616}"#]))
            #expect(again.status == 400)
        }
    }

    @Test("Pull tells where a client stands — its last mutation and refusals — and the events after a sequence, paged")
    func pull() async throws {
        try await ServerHarness.withServer { api, engine in
            _ = try await api.post("/api/sync/push", Self.push("c", [
                #"{"id": 1, "name": "addCard", "args": {"board": "main", "title": "one"}}"#,
                #"{"id": 2, "name": "deleteCard", "args": {"board": "main", "card": "nope"}}"#,
                #"{"id": 3, "name": "addCard", "args": {"board": "main", "title": "two"}}"#,
            ]))
            let pulled = try await api.get("/api/sync/pull?client=c&after=0&limit=2")
            #expect(pulled.status == 200)
            let output = try Self.decode(SyncPullOutput.self, pulled)
            #expect(output.lastMutationID == 3)
            #expect(output.refused == [RefusalOutput(id: 2, error: "unknown card 'nope'", conflict: false)])
            #expect(output.events.map(\.sequence) == [1, 2])
            #expect(output.lastSequence == (try engine.lastSequence()))
            #expect(pulled.headers[.init("Link")!]?.contains("after=2") == true)
            let rest = try Self.decode(SyncPullOutput.self, try await api.get("/api/sync/pull?client=c&after=2&refusedAfter=2"))
            #expect(rest.refused.isEmpty)
            #expect(rest.events.map(\.sequence) == [3])
            // A client never seen stands at 0.
            #expect(try Self.decode(SyncPullOutput.self, try await api.get("/api/sync/pull?client=new&after=99")).lastMutationID == 0)
            #expect(try await api.get("/api/sync/pull").status == 400)
            #expect(try await api.get("/api/sync/pull?client=a%20b").status == 400)
            #expect(try await api.get("/api/sync/pull?client=c&after=-1").status == 400)
        }
    }

    @Test("Mutations that arrive out of order wait for the missing ones: nothing is decided twice or skipped")
    func reordered() async throws {
        try await ServerHarness.withServer { api, engine in
            let later = Self.push("c", [
                #"{"id": 3, "name": "addCard", "args": {"board": "main", "title": "three"}}"#,
                #"{"id": 4, "name": "addCard", "args": {"board": "main", "title": "four"}}"#,
            ])
            let early = try Self.decode(SyncPushOutput.self, try await api.post("/api/sync/push", later))
            #expect(early.results.map(\.status) == ["outOfOrder", "outOfOrder"])
            #expect(early.results[0].expected == 1 && early.lastMutationID == 0)
            _ = try await api.post("/api/sync/push", Self.push("c", [
                #"{"id": 1, "name": "addCard", "args": {"board": "main", "title": "one"}}"#,
                #"{"id": 2, "name": "addCard", "args": {"board": "main", "title": "two"}}"#,
            ]))
            let resent = try Self.decode(SyncPushOutput.self, try await api.post("/api/sync/push", later))
            #expect(resent.results.map(\.status) == ["applied", "applied"])
            #expect(try ServerHarness.titles(in: engine)["TODO"] == ["one", "two", "three", "four"])
        }
    }

    @Test("Two offline clients edit the same card: the second gets a visible conflict, and 'apply anyway' (no since) applies it")
    func conflict() async throws {
        try await ServerHarness.withServer { api, engine in
            _ = try await api.post("/api/boards/main/cards", #"{"title": "Plan"}"#)
            let card = try ServerHarness.cardID("Plan", in: engine)
            let seen = try engine.lastSequence()
            let edit = { (title: String, id: Int, since: String) in
                #"{"id": \#(id), "name": "editCard", "args": {"board": "main", "card": "\#(card)", "title": "\#(title)"}\#(since)}"#
            }
            _ = try await api.post("/api/sync/push", Self.push("ana-tab", [edit("Plan A", 1, #", "since": \#(seen)"#)]), headers: ["X-Kanban-Actor": "ana"])
            let bob = try Self.decode(SyncPushOutput.self, try await api.post(
                "/api/sync/push", Self.push("bob-tab", [edit("Plan B", 1, #", "since": \#(seen)"#)]), headers: ["X-Kanban-Actor": "bob"]
            ))
            #expect(bob.results[0].status == "refused" && bob.results[0].conflict == true)
            #expect(bob.results[0].error?.contains("was changed by ana") == true)
            // Its kind and names, for the page's own words in its person's language.
            #expect(bob.results[0].code == "editConflict")
            #expect(bob.results[0].values == ["title": "Plan A", "actor": "ana", "field": "title"])
            #expect(try ServerHarness.titles(in: engine)["TODO"] == ["Plan A"])
            let anyway = try Self.decode(SyncPushOutput.self, try await api.post(
                "/api/sync/push", Self.push("bob-tab", [edit("Plan B", 2, "")]), headers: ["X-Kanban-Actor": "bob"]
            ))
            #expect(anyway.results[0].status == "applied")
            #expect(try ServerHarness.titles(in: engine)["TODO"] == ["Plan B"])
        }
    }

    @Test("A card pushed into a full strict column is refused with its kind and the column's name and limit; other results carry no kind")
    func refusalKind() async throws {
        try await ServerHarness.withServer { api, engine in
            let limit = try await api.put("/api/boards/main/columns/DOING/limit", #"{"limit": 1, "strict": true}"#)
            #expect(limit.status == 200, "\(limit.text)")
            let answer = try Self.decode(SyncPushOutput.self, try await api.post("/api/sync/push", Self.push("tab-1", [
                #"{"id": 1, "name": "addCard", "args": {"board": "main", "title": "fits", "column": "DOING"}}"#,
                #"{"id": 2, "name": "addCard", "args": {"board": "main", "title": "Ça déborde, 한국어", "column": "DOING"}}"#,
            ])))
            #expect(answer.results.map(\.status) == ["applied", "refused"])
            #expect(answer.results[0].code == nil && answer.results[0].values == nil)
            #expect(answer.results[1].code == "columnFull" && answer.results[1].conflict == false)
            #expect(answer.results[1].values == ["column": "DOING", "limit": "1"])
            #expect(try ServerHarness.titles(in: engine)["DOING"] == ["fits"])
        }
    }

    @Test("A client's live stream gets an ack frame after each of its pushes, with its refusals; other streams do not")
    func ackOnStream() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("ack.db"))
        try await ServerHarness.withLiveServer(engine: engine) { client, _ in
            let port = try #require(client.port)
            let mine = try LineSocket(port: port)
            try mine.get("/api/events?client=tab-1")
            let theirs = try LineSocket(port: port)
            try theirs.get("/api/events?client=tab-2")
            #expect(await mine.nextLine() == "HTTP/1.1 200 OK")
            #expect(await theirs.nextLine() == "HTTP/1.1 200 OK")
            // Both streams are open once their first frame (retry) arrives.
            for stream in [mine, theirs] {
                while let line = await stream.nextLine(), !line.hasPrefix("retry:") {}
            }
            let body = Self.push("tab-1", [
                #"{"id": 1, "name": "addCard", "args": {"board": "main", "title": "acked"}}"#,
                #"{"id": 2, "name": "moveCard", "args": {"board": "main", "card": "nope", "column": "DONE"}}"#,
            ])
            let response = try await client.execute(
                uri: "/api/sync/push", method: .post,
                headers: [.contentType: "application/json", .init("Host")!: "127.0.0.1"], body: ByteBuffer(string: body)
            )
            #expect(response.status == .ok)
            var ack: String?
            while ack == nil, let line = await mine.nextLine() {
                if line == "event: ack" { ack = await mine.nextLine() }
            }
            let data = try #require(ack?.dropFirst("data: ".count))
            let output = try OutputJSON.decoder.decode(SyncAckOutput.self, from: Data(data.utf8))
            #expect(output.clientID == "tab-1" && output.lastMutationID == 2 && output.from == 1 && output.through == 2)
            #expect(output.lastSequence == (try engine.lastSequence()))
            #expect(output.refused.map(\.id) == [2])
            #expect(output.refused.first?.code == "unknownCard" && output.refused.first?.values == ["card": "nope"])
            // The other client's stream carries events, but no ack.
            var sawAck = false
            for _ in 0..<12 {
                guard let line = await theirs.nextLine() else { break }
                if line == "event: ack" { sawAck = true }
                if line.hasPrefix("id: ") && line.hasSuffix("\(output.lastSequence)") { break }
            }
            #expect(!sawAck)
            let bad = try LineSocket(port: port)
            try bad.get("/api/events?client=%2F%2F")
            #expect(await bad.nextLine() == "HTTP/1.1 400 Bad Request")
        }
    }

    @Test("The connection is cut after the commit, before the answer: the retry appends nothing and pull confirms the mutations")
    func lostAnswer() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("cut.db"))
        try await ServerHarness.withLiveServer(engine: engine) { client, _ in
            let port = try #require(client.port)
            let body = Self.push("cut", (1...50).map { #"{"id": \#($0), "name": "addCard", "args": {"board": "main", "title": "card \#($0)"}}"# })
            // Sent whole, then the connection is closed without reading a byte of the answer.
            let descriptor = try LoopbackSocket.connect(port: port, timeout: 5)
            let request = Array(("POST /api/sync/push HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body).utf8)
            #expect(send(descriptor, request, request.count, 0) == request.count)
            close(descriptor)
            let deadline = ContinuousClock.now + .seconds(10)
            while try engine.sync.status(client: "cut").lastMutationID < 50, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            let events = try engine.lastSequence()
            let retry = try await client.execute(
                uri: "/api/sync/push", method: .post,
                headers: [.contentType: "application/json", .init("Host")!: "127.0.0.1"], body: ByteBuffer(string: body)
            )
            let output = try OutputJSON.decoder.decode(SyncPushOutput.self, from: Data(buffer: retry.body))
            #expect(output.results.allSatisfy { $0.status == "duplicate" })
            #expect(try engine.lastSequence() == events)
            #expect(try engine.withState { $0.cards.count } == 50)
        }
    }
}
