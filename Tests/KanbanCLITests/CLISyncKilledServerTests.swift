import Foundation
import Kanban
import KanbanOutput
import KanbanTestSupport
import Testing

/// A client pushes its queue while `kanban serve` is killed with SIGKILL twice and restarted:
/// each mutation is applied exactly once, and the log verifies.
@Suite("kanban serve: sync across kill -9")
struct CLISyncKilledServerTests {
    /// POSTs `body` to /api/sync/push on `port`; the answer's body, or `nil` when the server
    /// could not be reached or the connection broke before a whole answer.
    private static func push(_ body: String, port: Int) -> SyncPushOutput? {
        guard let descriptor = try? LoopbackSocket.connect(port: port, timeout: 10) else { return nil }
        defer { close(descriptor) }
        let request = Array(("POST /api/sync/push HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
            + "X-Kanban-Actor: mobile\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body).utf8)
        guard Glibc.send(descriptor, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else { return nil }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[..<count])
        }
        guard let split = bytes.firstRange(of: Array("\r\n\r\n".utf8)),
              String(decoding: bytes[..<split.lowerBound], as: UTF8.self).hasPrefix("HTTP/1.1 200")
        else { return nil }
        return try? OutputJSON.decoder.decode(SyncPushOutput.self, from: Data(bytes[split.upperBound...]))
    }

    @Test("2,000 queued mutations pushed 100 at a time while the server is killed twice: each applied exactly once")
    func killedMidPush() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.appending("killed.db")
        var (server, listening) = try ServeProcess.start(database: database)
        let port = listening
        let total = 2_000
        let pushed = SharedCount()
        let pusher = Thread {
            var next = 1
            while next <= total {
                let ids = next...min(next + 99, total)
                let mutations = ids.map { #"{"id":\#($0),"name":"addCard","args":{"board":"main","title":"card \#($0)"}}"# }
                let body = #"{"clientID":"phone","mutations":[\#(mutations.joined(separator: ","))]}"#
                if let answer = Self.push(body, port: port) {
                    next = Int(answer.lastMutationID) + 1
                    pushed.value = next - 1
                } else {
                    Thread.sleep(forTimeInterval: 0.05)
                }
            }
        }
        pusher.start()
        for round in 1...2 {
            // Kill once some of the queue has gone through, mid-stream.
            while pushed.value < round * 500 { Thread.sleep(forTimeInterval: 0.005) }
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
            (server, _) = try ServeProcess.start(database: database, port: port)
        }
        while pushed.value < total { Thread.sleep(forTimeInterval: 0.01) }
        kill(server.processIdentifier, SIGTERM)
        server.waitUntilExit()

        let engine = try KanbanEngine(path: database)
        let titles = try engine.boardView(named: "main").columns[0].cards.map(\.card.title)
        #expect(titles == (1...total).map { "card \($0)" })
        #expect(try engine.sync.status(client: "phone").lastMutationID == UInt64(total))
        #expect(try engine.verify().firstDifference == nil)
        #expect(try engine.audit.verify().isValid)
    }
}

/// A count one thread writes and another reads.
private final class SharedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int {
        get { lock.withLock { count } }
        set { lock.withLock { count = newValue } }
    }
}
