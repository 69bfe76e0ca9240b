import Foundation
import KanbanPostgres
import KanbanTestSupport
import Testing

/// `kanban serve --store … --advertise URL`: the node holding the write lease carries out every
/// node's writes; the others hand theirs to it, as the actor their own access check found, and
/// answer once their own copy of the log shows the write.
@Suite(
    "Nodes handing their writes to the write lease's holder",
    .serialized, .enabled(if: PostgresTestDatabase.isConfigured, "set KANBAN_TEST_POSTGRES_URL (scripts/postgres-test-cluster.sh)")
)
struct SharedLogForwardingTests {
    /// The `--store` URL of `url` (the test server trusts loopback: no password to hide).
    private static func store(_ url: PostgresURL) -> String {
        "postgres://\(url.username)@\(url.host):\(url.port)/\(url.database)?sslmode=disable"
    }

    private static func json(_ body: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], "\(body)")
    }

    /// The titles on `board`'s columns, as `node` shows them.
    private static func titles(on node: ServingNode, board: String = "main") throws -> [String] {
        let answer = try node.exchange("GET", "/api/boards/\(board)")
        let columns = try json(answer.body)["columns"] as? [[String: Any]] ?? []
        return columns.flatMap { ($0["cards"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String } }
    }

    @Test("A node's write is carried out by the holder as the same actor, and the node's own board shows it when it answers; undo stays per actor")
    func handedOnAsTheActor() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            _ = try PostgresLogStore(url: url)
            let holder = try ServingNode(store: Self.store(url), cache: directory.appending("a.db"), advertising: true)
            let node = try ServingNode(store: Self.store(url), cache: directory.appending("b.db"), advertising: false)
            let actor = "한국 ana, comma"
            let title = "-dash **markdown** 🎉, Korean 한국어"
            let encodedActor = try #require(actor.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let added = try node.exchange("POST", "/api/boards/main/cards", fields: ["X-Kanban-Actor": encodedActor], body: #"{"title": "\#(title)"}"#)
            #expect(added.status == 201, "\(added)")
            #expect(try Self.titles(on: node) == [title], "read right after the answer, on the node that answered")
            #expect(try node.metric("kanban_writes_forwarded_total") == 1)
            #expect(try holder.metric("kanban_forwarded_requests_total{method=\"POST\",status=\"201\"}") == 1)
            #expect(try holder.metric("kanban_http_requests_total{method=\"POST\",status=\"201\"}") == 0, "counted once, by the node asked")

            let bob = try holder.exchange("POST", "/api/boards/main/cards", fields: ["X-Kanban-Actor": "bob"], body: #"{"title": "Bob's"}"#)
            #expect(bob.status == 201)
            let history = try node.exchange("GET", "/api/boards/main/history")
            #expect(history.body.contains("\"actor\":\"\(actor)\""), "\(history.body)")
            // The undo handed on undoes that actor's add, not bob's later one.
            let undone = try node.exchange("POST", "/api/undo", fields: ["X-Kanban-Actor": encodedActor])
            #expect(undone.status == 200 || undone.status == 201, "\(undone)")
            #expect(try Self.titles(on: node) == ["Bob's"])

            // A board whose name needs percent-encoding in the path, made and written through the node.
            let name = "로드맵 Q1, 2027 #1"
            let path = try #require(name.addingPercentEncoding(withAllowedCharacters: .alphanumerics.subtracting(CharacterSet(charactersIn: "\u{80}"..."\u{10FFFF}"))))
            #expect(try node.exchange("POST", "/api/boards", body: #"{"name": "\#(name)"}"#).status == 201)
            let onBoard = try node.exchange("POST", "/api/boards/\(path)/cards", body: #"{"title": "On the roadmap"}"#)
            #expect(onBoard.status == 201, "\(onBoard)")
            #expect(try Self.titles(on: node, board: path) == ["On the roadmap"])
            #expect(try node.metric("kanban_writes_forwarded_total") == 4)
        }
    }

    @Test("A retry with the same Idempotency-Key, on the holder or the node, is answered once; a wrong node secret is refused and keeps nothing")
    func retriesAndForgeries() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            _ = try PostgresLogStore(url: url)
            let holder = try ServingNode(store: Self.store(url), cache: directory.appending("a.db"), advertising: true)
            let node = try ServingNode(store: Self.store(url), cache: directory.appending("b.db"), advertising: false)
            let fields = ["Idempotency-Key": "k-1", "X-Kanban-Actor": "ana"]
            let first = try node.exchange("POST", "/api/boards/main/cards", fields: fields, body: #"{"title": "Once"}"#)
            #expect(first.status == 201)
            for asked in [node, holder] {
                let again = try asked.exchange("POST", "/api/boards/main/cards", fields: fields, body: #"{"title": "Once"}"#)
                #expect(again.status == 201 && again.body == first.body, "\(again)")
                #expect(again.fields["idempotent-replayed"] == "true")
            }
            #expect(try Self.titles(on: holder) == ["Once"])

            let before = try Self.json(try holder.exchange("GET", "/api/stats").body)["lastSequence"] as? Int
            for asked in [holder, node] {
                let forged = try asked.exchange(
                    "POST", "/api/boards/main/cards",
                    fields: ["X-Kanban-Node-Secret": "0123456789abcdef", "X-Kanban-Forwarded-Actor": "admin", "X-Kanban-Forwarded-Administrator": "1"],
                    body: #"{"title": "Forged"}"#
                )
                #expect(forged.status == 401, "\(forged)")
                #expect(forged.body == #"{"error":"X-Kanban-Node-Secret is not this shared log's node secret"}"#)
            }
            // Without the secret, the fields that name an actor are nobody's word: the node's own rule decides.
            let plain = try holder.exchange("POST", "/api/boards/main/cards", fields: ["X-Kanban-Forwarded-Actor": "admin"], body: #"{"title": "Plain"}"#)
            #expect(plain.status == 201)
            #expect(try Self.json(try holder.exchange("GET", "/api/stats").body)["lastSequence"] as? Int == before.map { $0 + 1 })
            #expect(try !holder.exchange("GET", "/api/boards/main/history").body.contains("\"actor\":\"admin\""))
        }
    }

    @Test("When the holder is killed, the node carries out its writes itself at once, and another advertising node takes the lease")
    func holderKilled() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            _ = try PostgresLogStore(url: url)
            let holder = try ServingNode(store: Self.store(url), cache: directory.appending("a.db"), advertising: true)
            let next = try ServingNode(store: Self.store(url), cache: directory.appending("b.db"), advertising: true)
            let node = try ServingNode(store: Self.store(url), cache: directory.appending("c.db"), advertising: false)
            #expect(try node.exchange("POST", "/api/boards/main/cards", body: #"{"title": "Before"}"#).status == 201)
            #expect(try node.metric("kanban_writes_forwarded_total") == 1)
            holder.kill9()
            let start = Date()
            let after = try node.exchange("POST", "/api/boards/main/cards", body: #"{"title": "Right after"}"#)
            #expect(after.status == 201, "\(after)")
            #expect(Date().timeIntervalSince(start) < 2, "a refused connection does not wait")
            #expect(try node.metric("kanban_writes_forwarded_carried_out_here_total") == 1)
            // Within the lease's term and a round, the other advertising node holds it.
            var forwarded = 0.0
            let deadline = Date(timeIntervalSinceNow: 10)
            var attempt = 0
            while forwarded == 0, Date() < deadline {
                attempt += 1
                Thread.sleep(forTimeInterval: 0.5)
                #expect(try node.exchange("POST", "/api/boards/main/cards", body: #"{"title": "Later \#(attempt)"}"#).status == 201)
                forwarded = try next.metric("kanban_forwarded_requests_total{method=\"POST\",status=\"201\"}")
            }
            #expect(forwarded == 1, "the node's writes go to the new holder")
            let titles = try Self.titles(on: next)
            #expect(titles.count == attempt + 2 && titles.prefix(2) == ["Before", "Right after"], "\(titles)")
        }
    }
}
