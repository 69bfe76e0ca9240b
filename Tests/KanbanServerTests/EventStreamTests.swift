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
}
