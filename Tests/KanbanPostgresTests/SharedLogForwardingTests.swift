import Crypto
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
    /// A fresh shared log, its schema made, and the nodes a test starts on it.
    private static func withNodes(_ body: @escaping @Sendable (NodesOnALog) throws -> Void) async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let log = try NodesOnALog(url: url)
            defer { log.directory.remove() }
            try body(log)
        }
    }

    /// `X-Kanban-Node-Signature` as the PostgreSQL guide spells it: an HMAC-SHA256 keyed by the
    /// node secret over method, target, actor, sign-in flag, time and the body's SHA-256, one a line.
    private static func signature(secret: String, method: String, target: String, actor: String, signIn: String, body: String, at time: Int) -> String {
        let digest = SHA256.hash(data: Data(body.utf8)).map { String(format: "%02x", $0) }.joined()
        let message = "\(method)\n\(target)\n\(actor)\n\(signIn)\n\(time)\n\(digest)"
        let code = HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: SymmetricKey(data: Data(secret.utf8)))
        return "t=\(time),v1=" + code.map { String(format: "%02x", $0) }.joined()
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
        try await Self.withNodes { log in
            let holder = try log.start(advertising: true)
            let node = try log.start(advertising: false)
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

    @Test("A retry with the same Idempotency-Key, on the holder or the node, is answered once; a write not signed with the node secret, or signed for another body, time or sign-in, is refused and keeps nothing")
    func retriesAndForgeries() async throws {
        try await Self.withNodes { log in
            let holder = try log.start(advertising: true)
            let node = try log.start(advertising: false)
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
            let secret = try WriteLease(url: log.url, advertising: nil).secret()
            let now = Int(Date().timeIntervalSince1970)
            let body = #"{"title": "Signed"}"#
            func signed(_ body: String, at time: Int = now, signIn: String = "0", path: String = "/api/boards/main/cards", method: String = "POST") -> [String: String] {
                [
                    "X-Kanban-Forwarded-Actor": "admin", "X-Kanban-Forwarded-Sign-In": signIn,
                    "X-Kanban-Node-Signature": Self.signature(secret: secret, method: method, target: path, actor: "admin", signIn: signIn, body: body, at: time),
                ]
            }
            let refusals: [(fields: [String: String], body: String?, path: String, method: String, status: Int)] = [
                (["X-Kanban-Node-Signature": "t=\(now),v1=" + String(repeating: "0", count: 64), "X-Kanban-Forwarded-Actor": "admin", "X-Kanban-Forwarded-Sign-In": "0"], body, "/api/boards/main/cards", "POST", 401),
                (signed(#"{"title": "Other"}"#), body, "/api/boards/main/cards", "POST", 401),   // another body than the one signed
                (signed(body, at: now - 120), body, "/api/boards/main/cards", "POST", 401),    // two minutes old
                (signed(body, signIn: "1"), body, "/api/boards/main/cards", "POST", 503),      // a node that signs people in
                (signed("", path: "/api/export", method: "GET"), nil, "/api/export", "GET", 403),  // no read, even signed
                (signed(body, path: "/api/sync/push"), body, "/api/sync/push", "POST", 403),
            ]
            for refusal in refusals {
                let answer = try holder.exchange(refusal.method, refusal.path, fields: refusal.fields, body: refusal.body)
                #expect(answer.status == refusal.status, "\(refusal.path) \(refusal.fields): \(answer)")
            }
            // A forged signature sent to the node is the node's to refuse too.
            #expect(try node.exchange("POST", "/api/boards/main/cards", fields: refusals[0].fields, body: body).status == 401)
            #expect(try Self.json(try holder.exchange("GET", "/api/stats").body)["lastSequence"] as? Int == before, "nothing kept")
            // What the holder takes: that very request, signed (it is what a node sends).
            let taken = try holder.exchange("POST", "/api/boards/main/cards", fields: signed(body), body: body)
            #expect(taken.status == 201, "\(taken)")
            #expect(taken.fields["x-kanban-log-position"] == (before.map { String($0 + 1) }))
            // Without the secret, the fields that name an actor are nobody's word: the node's own
            // rule decides, on the holder and on a node that hands the write on alike.
            for asked in [holder, node] {
                let plain = try asked.exchange(
                    "POST", "/api/boards/main/cards", fields: ["X-Kanban-Forwarded-Actor": "admin", "X-Kanban-Actor": "ana"], body: #"{"title": "Plain"}"#
                )
                #expect(plain.status == 201)
            }
            #expect(try Self.json(try holder.exchange("GET", "/api/stats").body)["lastSequence"] as? Int == before.map { $0 + 3 })
            let history = try node.exchange("GET", "/api/boards/main/history").body
            #expect(history.components(separatedBy: "\"actor\":\"admin\"").count == 2, "only the signed write is admin's: \(history)")
            #expect(history.contains("\"actor\":\"ana\""), "\(history)")
        }
    }

    @Test("With a token file on every node, the holder decides who administers: a member's board is refused there and keeps nothing, an administrator's is made")
    func rolesDecidedByTheHolder() async throws {
        try await Self.withNodes { log in
            let tokens = log.directory.appending("tokens")
            try "ada ada-token-0123456789\nmia mia-token-0123456789 member\n".write(toFile: tokens, atomically: true, encoding: .utf8)
            chmod(tokens, 0o600)
            let holder = try log.start(advertising: true, extra: ["--token-file", tokens])
            let node = try log.start(advertising: false, extra: ["--token-file", tokens])
            let mia = ["Authorization": "Bearer mia-token-0123456789"]
            let ada = ["Authorization": "Bearer ada-token-0123456789"]
            #expect(try node.exchange("POST", "/api/boards/main/cards", fields: mia, body: #"{"title": "Mia's first"}"#).status == 201)
            let before = try Self.json(try holder.exchange("GET", "/api/stats", fields: ada).body)["lastSequence"] as? Int
            let refused = try node.exchange("POST", "/api/boards", fields: mia, body: #"{"name": "Mine"}"#)
            #expect(refused.status == 403, "\(refused)")
            #expect(try Self.json(try holder.exchange("GET", "/api/stats", fields: ada).body)["lastSequence"] as? Int == before)
            #expect(try node.exchange("POST", "/api/boards", fields: ada, body: #"{"name": "Ada's"}"#).status == 201)
            #expect(try node.metric("kanban_writes_forwarded_total") == 3)
            // No credential: refused by the node itself, nothing handed on.
            #expect(try node.exchange("POST", "/api/boards/main/cards", body: #"{"title": "Nobody's"}"#).status == 401)
            #expect(try node.metric("kanban_writes_forwarded_total") == 3)
        }
    }

    @Test("A holder stopped with SIGTERM gives the lease up: another advertising node holds it before the term would have lapsed")
    func holderStopsGracefully() async throws {
        try await Self.withNodes { log in
            let holder = try log.start(advertising: true)
            let next = try log.start(advertising: true)
            let reader = try WriteLease(url: log.url, advertising: nil)
            #expect(try reader.renew()?.url == "http://127.0.0.1:\(holder.port)")
            holder.process.terminate()
            holder.process.waitUntilExit()
            #expect(holder.process.terminationStatus == 0)
            let stopped = Date()
            var now = try reader.renew()
            while now?.url != "http://127.0.0.1:\(next.port)", Date().timeIntervalSince(stopped) < 10 {
                Thread.sleep(forTimeInterval: 0.1)
                now = try reader.renew()
            }
            #expect(now?.url == "http://127.0.0.1:\(next.port)")
            #expect(Date().timeIntervalSince(stopped) < 2.5, "taken at the next round, not after the 3 s term")
        }
    }

    @Test("When the holder is killed, the node carries out its writes itself at once, and another advertising node takes the lease")
    func holderKilled() async throws {
        try await Self.withNodes { log in
            let holder = try log.start(advertising: true)
            let next = try log.start(advertising: true)
            let node = try log.start(advertising: false)
            #expect(try node.exchange("POST", "/api/boards/main/cards", body: #"{"title": "Before"}"#).status == 201)
            #expect(try node.metric("kanban_writes_forwarded_total") == 1)
            holder.kill9()
            let start = Date()
            // Keyed: a kept connection to the dead holder is tried again, then refused.
            let after = try node.exchange("POST", "/api/boards/main/cards", fields: ["Idempotency-Key": "right-after"], body: #"{"title": "Right after"}"#)
            #expect(after.status == 201, "\(after)")
            #expect(Date().timeIntervalSince(start) < 5, "a refused connection does not wait for the write's deadline")
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

    @Test("A success from whatever answers at the lease's address without a log position is not taken: the node answers 502, says where, and nothing is kept")
    func impostorAtTheLeasesAddress() async throws {
        try await Self.withNodes { log in
            // Something else listens where the holder says it is (a stale address, a load
            // balancer's page): it answers every request with a success of its own.
            let impostor = try HostileOrigin(answers: [
                .text("HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"),
            ])
            defer { impostor.stop() }
            let holder = try log.start(advertising: false, extra: ["--advertise", impostor.url])
            let node = try log.start(advertising: false)
            let reader = try WriteLease(url: log.url, advertising: nil)
            #expect(try reader.renew()?.url == impostor.url)
            let before = try Self.json(try holder.exchange("GET", "/api/stats").body)["lastSequence"] as? Int
            let answer = try node.exchange("POST", "/api/boards/main/cards", fields: ["Idempotency-Key": "k-impostor"], body: #"{"title": "Lost?"}"#)
            #expect(answer.status == 502, "\(answer)")
            #expect(answer.body.contains(impostor.url) && answer.body.contains("--advertise"), "\(answer.body)")
            #expect(impostor.requests.count == 1, "the write was handed on")
            #expect(try Self.json(try holder.exchange("GET", "/api/stats").body)["lastSequence"] as? Int == before, "nothing kept")
            #expect(try Self.titles(on: node).isEmpty)
            #expect(try node.metric("kanban_writes_forwarded_total") == 0, "not counted as carried out by the holder")
        }
    }
}
