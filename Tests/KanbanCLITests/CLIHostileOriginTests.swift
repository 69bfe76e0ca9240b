import Foundation
import KanbanTestSupport
import Testing

/// `kanban clone` and `kanban sync` facing an origin that sends what no kanban server sends:
/// numbers no `Int` holds, sizes over the largest answer, an answer a byte at a time. Each is one
/// line on stderr and exit 1 — never a trap, never a wait without end.
@Suite("kanban clone and sync against a hostile origin")
struct CLIHostileOriginTests {
    /// A hostile answer and the reason the client gives for refusing it.
    struct Hostile: Sendable, CustomTestStringConvertible {
        let name: String
        let answer: String
        let reason: String
        var testDescription: String { name }
    }

    static let refusing = "answered something that is not a kanban server's answer: "

    static let hostile: [Hostile] = [
        Hostile(
            name: "chunk size 7fffffffffffffff",
            answer: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7fffffffffffffff\r\nabc",
            reason: "the chunk size 7fffffffffffffff takes the body over the largest answer, 268435456 bytes"),
        Hostile(
            name: "chunk size ffffffffffffffffff",
            answer: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\nabc",
            reason: "the chunk size 'ffffffffffffffffff' is not a number this client can hold"),
        Hostile(
            name: "a negative chunk size",
            answer: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-5\r\nabc",
            reason: "the chunk size '-5' is not a number this client can hold"),
        Hostile(
            name: "Content-Length over Int.max",
            answer: "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n",
            reason: "the Content-Length '99999999999999999999' is not a number this client can hold"),
        Hostile(
            name: "Content-Length Int.max",
            answer: "HTTP/1.1 200 OK\r\nContent-Length: 9223372036854775807\r\n\r\n",
            reason: "the Content-Length 9223372036854775807 is over the largest answer, 268435456 bytes"),
        Hostile(
            name: "a status no Int holds",
            answer: "HTTP/1.1 99999999999999999999 OK\r\nContent-Length: 0\r\n\r\n",
            reason: "the status '99999999999999999999' is not three digits from 100 to 999"),
    ]

    /// An export page with no events: a clone of an empty server.
    static let emptyPage = HostileOrigin.Answer.text("HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nContent-Length: 0\r\n\r\n")

    /// Headers that promise a large body, whose bytes then come one every 0.2 s.
    static let drip = HostileOrigin.Answer.drip(head: Array("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n".utf8), interval: 0.2)

    /// Expects `output` to be exit 1 with the one line `line` on stderr.
    private static func expectOneLine(_ output: ProcessOutput, _ line: String) {
        #expect(!output.wasSignalled, "trapped: \(output)")
        #expect(output.status == 1, "\(output)")
        #expect(output.stderrLines == [Substring(line)], "\(output)")
    }

    @Test("clone refuses a number it cannot hold with one line and exit 1", arguments: hostile)
    func cloneRefuses(_ hostile: Hostile) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let origin = try HostileOrigin(answers: [.text(hostile.answer)])
        defer { origin.stop() }
        let replica = try KanbanBinary(database: directory.appending("replica.db"))
        Self.expectOneLine(try replica.run("clone", origin.url), "kanban: \(origin.url) \(Self.refusing)\(hostile.reason)")
        // Nothing was recorded: the database is not a replica.
        #expect(try replica.run("sync", "--status").stderrLines == ["kanban: the database is not a replica: make one with 'kanban clone URL --db PATH'"])
    }

    @Test("sync refuses a number it cannot hold with one line and exit 1, the queue kept", arguments: hostile)
    func syncRefuses(_ hostile: Hostile) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let origin = try HostileOrigin(answers: [Self.emptyPage, .text(hostile.answer)])
        defer { origin.stop() }
        let replica = try KanbanBinary(database: directory.appending("replica.db"))
        try replica.succeed(["clone", origin.url])
        try replica.succeed(["columns", "add", "REVIEW"])
        Self.expectOneLine(try replica.run("sync"), "kanban: \(origin.url) \(Self.refusing)\(hostile.reason); 1 change stays queued")
    }

    @Test("An answer dripped a byte every 0.2 s is cut by clone's --timeout")
    func cloneDeadline() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let origin = try HostileOrigin(answers: [Self.drip])
        defer { origin.stop() }
        let replica = try KanbanBinary(database: directory.appending("replica.db"))
        let start = ContinuousClock.now
        let output = try replica.run("clone", origin.url, "--timeout", "2")
        let took = ContinuousClock.now - start
        Self.expectOneLine(output, "kanban: cannot reach \(origin.url): gave up after 2 s, the time a clone or sync may take (its --timeout)")
        #expect(took >= .seconds(2) && took < .seconds(10), "took \(took)")
    }

    @Test("An answer dripped a byte every 0.2 s is cut by sync's --timeout, the queue kept")
    func syncDeadline() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let origin = try HostileOrigin(answers: [Self.emptyPage, Self.drip])
        defer { origin.stop() }
        let replica = try KanbanBinary(database: directory.appending("replica.db"))
        try replica.succeed(["clone", origin.url])
        try replica.succeed(["columns", "add", "REVIEW"])
        let start = ContinuousClock.now
        let output = try replica.run("sync", "--timeout", "2")
        let took = ContinuousClock.now - start
        Self.expectOneLine(output, "kanban: cannot reach \(origin.url): gave up after 2 s, the time a clone or sync may take (its --timeout); 1 change stays queued")
        #expect(took >= .seconds(2) && took < .seconds(10), "took \(took)")
    }

    @Test("--timeout outside 1…86400 seconds is a usage error", arguments: ["0", "-1", "86401"])
    func timeoutRange(_ value: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try KanbanBinary(database: directory.appending("replica.db"))
        let output = try replica.run(["clone", "http://127.0.0.1:9", "--timeout=\(value)"])
        #expect(output.status == 2, "\(output)")
        #expect(output.stderrLines.count == 1, "\(output)")
    }
}
