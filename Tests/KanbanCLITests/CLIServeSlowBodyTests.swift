import Foundation
import KanbanTestSupport
import Testing

/// `kanban serve` against request bodies that never finish: a body sent a byte at a time is cut
/// after --body-timeout, a body still coming after an error answer has its connection closed,
/// and a slow but steady body is taken.
@Suite("kanban serve: slow bodies")
struct CLIServeSlowBodyTests {
    typealias Connection = CLIServeLimitsTests.Connection
    typealias RunningServer = CLIServeLimitsTests.RunningServer

    static let head = "POST /api/boards/main/cards HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"

    /// Sends a byte every `interval` milliseconds for at most `seconds`; the seconds until the
    /// server closed the connection, or `nil` when it kept it open throughout.
    static func drip(_ connection: Connection, every interval: Int, for seconds: Int) -> Double? {
        let start = Date()
        var limit = timeval(tv_sec: 0, tv_usec: Int(interval) * 1_000)
        setsockopt(connection.descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date().timeIntervalSince(start) < Double(seconds) {
            let sent = send(connection.descriptor, " ", 1, Int32(MSG_NOSIGNAL))
            if sent < 0 { return Date().timeIntervalSince(start) }
            // Reads (and drops) any answer meanwhile; 0 is the server's close.
            let count = recv(connection.descriptor, &buffer, buffer.count, 0)
            if count == 0 { return Date().timeIntervalSince(start) }
        }
        return nil
    }

    @Test("A body sent a byte at a time is cut after --body-timeout although each byte comes within --idle-timeout", .timeLimit(.minutes(1)))
    func dripIsCut() throws {
        let server = try RunningServer(["--idle-timeout", "2", "--body-timeout", "2"])
        defer { server.stop() }
        let slow = try Connection(port: server.port)
        slow.send(Self.head + "Content-Length: 60000\r\n\r\n{")
        let closed = Self.drip(slow, every: 500, for: 10)
        #expect(closed != nil && closed! < 6, "closed after \(closed.map { "\($0) s" } ?? "never")")
        let normal = try Connection(port: server.port)
        normal.send(Self.head + "Content-Length: 15\r\n\r\n{\"title\": \"ok\"}")
        #expect(normal.receive(within: 5).text.hasPrefix("HTTP/1.1 201"))
    }

    @Test("A 401 answered before the body was read says Connection: close and closes the connection while the body drips", .timeLimit(.minutes(1)))
    func errorBeforeBodyCloses() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tokens = directory.appending("tokens")
        try "ana s3cret-token-of-ana\n".write(toFile: tokens, atomically: true, encoding: .utf8)
        chmod(tokens, 0o600)
        let server = try RunningServer(["--token-file", tokens])
        defer { server.stop() }
        let slow = try Connection(port: server.port)
        slow.send(Self.head + "Content-Length: 60000\r\n\r\n{\"title\": ")
        let answer = slow.receive(within: 5).text
        #expect(answer.hasPrefix("HTTP/1.1 401"), "\(answer)")
        #expect(answer.lowercased().contains("connection: close"), "\(answer)")
        let closed = Self.drip(slow, every: 200, for: 10)
        #expect(closed != nil && closed! < 4, "closed after \(closed.map { "\($0) s" } ?? "never")")
    }

    @Test("A body that comes slowly but at more than 1 KiB a second is taken past --body-timeout", .timeLimit(.minutes(1)))
    func steadyBodyIsTaken() throws {
        let server = try RunningServer(["--body-timeout", "1"])
        defer { server.stop() }
        let body = "{\"title\": \"steady\", \"description\": \"\(String(repeating: "a", count: 900))\"}"
        let padded = body + String(repeating: " ", count: 6_000 - body.utf8.count)
        let steady = try Connection(port: server.port)
        steady.send(Self.head + "Content-Length: \(padded.utf8.count)\r\n\r\n")
        // 6,000 bytes in 3 s: 2 KB a second, three times the timeout.
        let characters = Array(padded)
        for part in stride(from: 0, to: characters.count, by: 500) {
            steady.send(String(characters[part..<min(part + 500, characters.count)]))
            usleep(250_000)
        }
        #expect(steady.receive(within: 5).text.hasPrefix("HTTP/1.1 201"))
    }
}
