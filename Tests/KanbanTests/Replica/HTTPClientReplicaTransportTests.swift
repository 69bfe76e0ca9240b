import Foundation
@testable import KanbanReplica
import KanbanTestSupport
import Testing

/// ``HTTPClientReplicaTransport`` facing an origin that may send anything: a whole answer is
/// read however it is framed; one that is malformed, too large or too slow is one clear error,
/// never a trap or a wait without end.
@Suite("The replica's HTTP transport")
struct HTTPClientReplicaTransportTests {
    /// An answer the origin sends, and the error the transport gives for it.
    struct Faulty: Sendable, CustomTestStringConvertible {
        let name: String
        let answer: String
        let error: @Sendable (String) -> ReplicaError
        var testDescription: String { name }
    }

    /// `answers`' first sent to a `GET` through `transport`.
    private static func get(
        _ answers: [HostileOrigin.Answer], through transport: HTTPClientReplicaTransport = .init(timeout: 5, overallTimeout: 30)
    ) async throws -> ReplicaResponse {
        let origin = try HostileOrigin(answers: answers)
        defer { origin.stop() }
        return try await transport.send(ReplicaRequest(method: "GET", url: try #require(URL(string: origin.url + "/api/export?after=0"))))
    }

    /// Expects a `GET` answered with `answer` through `transport` to throw `error(origin)`.
    private static func expect(
        _ answer: HostileOrigin.Answer, through transport: HTTPClientReplicaTransport = .init(timeout: 5, overallTimeout: 30),
        _ error: (String) -> ReplicaError
    ) async throws {
        let origin = try HostileOrigin(answers: [answer])
        defer { origin.stop() }
        let request = ReplicaRequest(method: "GET", url: try #require(URL(string: origin.url + "/api/export?after=0")))
        await #expect(throws: error(origin.url)) { try await transport.send(request) }
    }

    @Test("A chunked body, a Content-Length body and a body up to the close are read")
    func wellFormed() async throws {
        let chunked = try await Self.get([.text("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\nA\r\n0123456789\r\n0\r\n\r\n")])
        #expect(chunked.status == 200 && chunked.body == Data("abc0123456789".utf8))
        let sized = try await Self.get([.text("HTTP/1.1 404 Not Found\r\nContent-Length: 2\r\nX-Two: a\r\nX-Two: b\r\n\r\nok")])
        #expect(sized.status == 404 && sized.body == Data("ok".utf8))
        #expect(sized.headers["content-length"] == "2" && sized.headers["x-two"] == "a, b")
        #expect(try await Self.get([.text("HTTP/1.0 200 OK\r\n\r\nto the close")]).body == Data("to the close".utf8))
    }

    @Test("A redirect is not followed: its status is the answer")
    func redirectNotFollowed() async throws {
        let answer = try await Self.get([.text("HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:9/elsewhere\r\nContent-Length: 0\r\n\r\n")])
        #expect(answer.status == 302)
    }

    static let faulty: [Faulty] = [
        Faulty(name: "a body up to the close over the largest answer", answer: "HTTP/1.0 200 OK\r\n\r\n" + String(repeating: "x", count: 101)) {
            .unreadableAnswer(origin: $0, reason: "the answer's body is over the largest answer, 100 bytes")
        },
        Faulty(name: "chunks over the largest answer", answer: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3c\r\n" + String(repeating: "x", count: 60) + "\r\n3c\r\n" + String(repeating: "x", count: 60) + "\r\n0\r\n\r\n") {
            .unreadableAnswer(origin: $0, reason: "the answer's body is over the largest answer, 100 bytes")
        },
        Faulty(name: "a Content-Length over the largest answer", answer: "HTTP/1.1 200 OK\r\nContent-Length: 101\r\n\r\n") {
            .unreadableAnswer(origin: $0, reason: "the Content-Length 101 is over the largest answer, 100 bytes")
        },
        Faulty(name: "a chunk size no Int holds", answer: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\nabc") {
            .unreadableAnswer(origin: $0, reason: "a chunk size is not a number this client can hold")
        },
        Faulty(name: "a negative Content-Length", answer: "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n") {
            .unreadableAnswer(origin: $0, reason: "the Content-Length is not a number this client can hold")
        },
        Faulty(name: "a status of two digits", answer: "HTTP/1.1 20 OK\r\nContent-Length: 0\r\n\r\n") {
            .unreadableAnswer(origin: $0, reason: "the status is not three digits from 100 to 999")
        },
        Faulty(name: "a body shorter than its Content-Length", answer: "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort") {
            .unreachable(origin: $0, reason: "the connection broke before the whole answer")
        },
        Faulty(name: "a chunk cut short", answer: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab") {
            .unreachable(origin: $0, reason: "the connection broke before the whole answer")
        },
        Faulty(name: "no answer at all", answer: "") {
            .unreachable(origin: $0, reason: "the connection broke before the whole answer")
        },
    ]

    @Test("What is malformed or over the largest answer is one clear error", arguments: faulty)
    func refused(_ faulty: Faulty) async throws {
        var transport = HTTPClientReplicaTransport(timeout: 5, overallTimeout: 30)
        transport.largestBody = 100
        try await Self.expect(.text(faulty.answer), through: transport, faulty.error)
    }

    @Test("An answer that is not HTTP is refused, its fault named in one line")
    func notHTTP() async throws {
        let origin = try HostileOrigin(answers: [.text("garbage\r\n\r\n")])
        defer { origin.stop() }
        let request = ReplicaRequest(method: "GET", url: try #require(URL(string: origin.url)))
        let error = await #expect(throws: ReplicaError.self) { try await HTTPClientReplicaTransport(timeout: 5).send(request) }
        guard case .unreadableAnswer(_, let reason) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reason.hasPrefix("it is not HTTP/1.1") && !reason.contains("\n"), "\(reason)")
    }

    @Test("An origin that goes quiet after its head is cut after the timeout")
    func quietOrigin() async throws {
        let start = ContinuousClock.now
        try await Self.expect(.drip(head: Array("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n".utf8), interval: 30), through: .init(timeout: 1)) {
            .unreachable(origin: $0, reason: "timed out")
        }
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test("An answer dripped a byte every 0.1 s is cut by the overall timeout")
    func drippedAnswer() async throws {
        let start = ContinuousClock.now
        try await Self.expect(.drip(head: Array("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n".utf8), interval: 0.1), through: .init(timeout: 5, overallTimeout: 1)) {
            .unreachable(origin: $0, reason: "gave up after 1 s, the time a clone or sync may take (its --timeout)")
        }
        let took = ContinuousClock.now - start
        #expect(took >= .seconds(1) && took < .seconds(5), "took \(took)")
    }

    @Test("A port nothing listens on is refused at once")
    func connectionRefused() async throws {
        let origin = try HostileOrigin(answers: [.text("")])
        origin.stop()
        let request = ReplicaRequest(method: "GET", url: try #require(URL(string: origin.url)))
        await #expect(throws: ReplicaError.unreachable(origin: origin.url, reason: "connection refused")) {
            try await HTTPClientReplicaTransport(timeout: 5).send(request)
        }
    }

    @Test("A message shows at most 24 printable characters of what the origin sent")
    func shown() {
        #expect(HTTPClientReplicaTransport.Failure.shown("\u{1B}[31mred") == "?[31mred")
        #expect(HTTPClientReplicaTransport.Failure.shown(String(repeating: "f", count: 30)) == String(repeating: "f", count: 24) + "…")
    }
}
