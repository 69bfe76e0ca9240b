import Foundation
import Hummingbird
import HummingbirdTesting
import Kanban
import KanbanServer
import KanbanTestSupport
import Logging
import Testing

@Suite("Live event stream")
struct EventStreamTests {
    @Test("Every commit arrives as an event, including another engine's; Last-Event-ID resumes with nothing lost or repeated")
    func streamAndResume() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("live.db")
        let engine = try KanbanEngine(path: path)
        let other = try KanbanEngine(path: path)  // stands for a CLI process on the same database
        try await engine.execute(.addCard(board: "main", title: "before"), actor: "ana")
        try await ServerHarness.withLiveServer(engine: engine) { client, _ in
            let port = try #require(client.port)
            let stream = try LineSocket(port: port)
            try stream.get("/api/events?board=main&after=0")
            #expect(await stream.nextLine() == "HTTP/1.1 200 OK")
            #expect(await stream.nextEventIDs(2) == [1, 2])
            try await engine.execute(.addCard(board: "main", title: "live"), actor: "ana")
            try await other.execute(.addCard(board: "main", title: "from another process"), actor: "cli")
            #expect(await stream.nextEventIDs(2) == [3, 4])

            try await other.execute(.addCard(board: "main", title: "while away"), actor: "cli")
            let resumed = try LineSocket(port: port)
            try resumed.get("/api/events?board=main&after=0", headers: ["Last-Event-ID": "3"])
            #expect(await resumed.nextEventIDs(2) == [4, 5])

            let elsewhere = try LineSocket(port: port)
            try elsewhere.get("/api/events?board=ops")
            #expect(await elsewhere.nextLine() == "HTTP/1.1 404 Not Found")
        }
    }

    @Test("A malformed after is a 400 also beside a Last-Event-ID, which wins over a well-formed one")
    func malformedAfterBesideLastEventID() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("after.db"))
        try await engine.execute(.addCard(board: "main", title: "one"), actor: "ana")
        try await ServerHarness.withLiveServer(engine: engine) { client, _ in
            let port = try #require(client.port)
            for after in ["-1", "x", "1.5", "%2B1"] {
                let stream = try LineSocket(port: port)
                try stream.get("/api/events?after=\(after)", headers: ["Last-Event-ID": "0"])
                #expect(await stream.nextLine() == "HTTP/1.1 400 Bad Request", "after=\(after)")
            }
            let resumed = try LineSocket(port: port)
            try resumed.get("/api/events?after=1", headers: ["Last-Event-ID": "0"])
            #expect(await resumed.nextLine() == "HTTP/1.1 200 OK")
            #expect(await resumed.nextEventIDs(2) == [1, 2])
        }
    }

    @Test("A quiet stream gets comment lines, so proxies keep it open")
    func heartbeat() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("quiet.db"))
        let configuration = ServerConfiguration(port: 0, logLevel: "error", heartbeat: .milliseconds(100))
        let application = Application(router: KanbanServer(engine: engine, configuration: configuration).makeRouter(), logger: Logger(label: "test"))
        try await application.test(.live) { client in
            let stream = try LineSocket(port: try #require(client.port))
            try stream.get("/api/events")
            var comment: String?
            while comment == nil, let line = await stream.nextLine() {
                if line.hasPrefix(":") { comment = line }
            }
            #expect(comment == ": keep-alive")
        }
    }

    @Test("A Last-Event-ID past the log's end (a restored backup) gets a reset event naming the end, then the stream goes on from there")
    func resetPastTheEnd() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("restored.db"))
        try await engine.execute(.addCard(board: "main", title: "kept"), actor: "ana")
        try await ServerHarness.withLiveServer(engine: engine) { client, _ in
            let stream = try LineSocket(port: try #require(client.port))
            try stream.get("/api/events", headers: ["Last-Event-ID": "40"])
            var lines: [String] = []
            while let line = await stream.nextLine(), !line.hasPrefix("data:") { lines.append(line) }
            #expect(lines.contains("id: 2"))
            #expect(lines.contains("event: reset"))
            try await engine.execute(.addCard(board: "main", title: "after the restore"), actor: "ana")
            #expect(await stream.nextEventIDs(1) == [3])
        }
    }

    @Test("Many streams catching up from the log's start share its pages; /healthz answers meanwhile", .timeLimit(.minutes(2)))
    func sharedCatchUp() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("catchup.db"))
        _ = try engine.importer.generate(events: 3_000, seed: 7)
        let end = try engine.lastSequence()
        try await ServerHarness.withLiveServer(engine: engine) { client, server in
            let port = try #require(client.port)
            var streams: [LineSocket] = []
            for _ in 0..<20 {
                let stream = try LineSocket(port: port, timeout: 20)
                try stream.get("/api/events?after=0")
                streams.append(stream)
            }
            let health = try await client.execute(uri: "/healthz", method: .get, headers: [.init("Host")!: "127.0.0.1"], body: nil)
            #expect(health.status == .ok)
            for stream in streams {
                let ids = await stream.nextEventIDs(Int(end))
                #expect(ids.count == Int(end) && ids.first == 1 && ids.last == end)
            }
            _ = server
        }
    }
}
