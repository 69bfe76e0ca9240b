import Foundation
import KanbanTestSupport
import NIOCore
import Testing
@testable import KanbanServer

/// Sign-in's requests to the provider, against a server of the test's own that answers as told.
@Suite("Requests to the OpenID provider")
struct NIOOIDCHTTPTests {
    /// The message `request` fails with, as ``OIDCError/unreachable(_:)``; `nil` when it does not.
    private static func unreachable(_ request: () async throws -> Void) async -> String? {
        do {
            try await request()
        } catch let error as OIDCError {
            if case .unreachable(let message) = error { return message }
        } catch {}
        return nil
    }

    private static func answer(_ status: String, _ body: String) -> HostileOrigin.Answer {
        .text("HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
    }

    @Test("a GET asks for JSON and returns the status and body as sent")
    func get() async throws {
        let origin = try HostileOrigin(answers: [Self.answer("404 Not Found", #"{"error":"none"}"#)])
        defer { origin.stop() }
        let (status, body) = try await NIOOIDCHTTP().get(try #require(URL(string: origin.url + "/.well-known/openid-configuration")))
        #expect(status == 404)
        #expect(String(decoding: body, as: UTF8.self) == #"{"error":"none"}"#)
        let request = try #require(origin.requests.first)
        #expect(request.hasPrefix("GET /.well-known/openid-configuration HTTP/1.1\r\n"))
        #expect(request.lowercased().contains("\r\naccept: application/json\r\n"))
    }

    @Test("a POST sends the form encoded and the client's secret as Basic, each part form-encoded first")
    func post() async throws {
        let origin = try HostileOrigin(answers: [Self.answer("200 OK", #"{"id_token":"t"}"#)])
        defer { origin.stop() }
        let (status, _) = try await NIOOIDCHTTP().post(
            try #require(URL(string: origin.url + "/token")),
            form: [("grant_type", "authorization_code"), ("code", "a b&c=d/é")], basic: (user: "kan ban", password: "p:ss")
        )
        #expect(status == 200)
        let request = try #require(origin.requests.first)
        let basic = Data("kan%20ban:p%3Ass".utf8).base64EncodedString()
        #expect(request.hasPrefix("POST /token HTTP/1.1\r\n"))
        #expect(request.lowercased().contains("\r\ncontent-type: application/x-www-form-urlencoded\r\n"))
        #expect(request.contains("\r\nAuthorization: Basic \(basic)\r\n") || request.contains("\r\nauthorization: Basic \(basic)\r\n"))
        #expect(request.hasSuffix("\r\n\r\ngrant_type=authorization_code&code=a%20b%26c%3Dd%2F%C3%A9"))
    }

    @Test("an answer over the limit is refused in one line, not read to its end")
    func tooLarge() async throws {
        let origin = try HostileOrigin(answers: [Self.answer("200 OK", String(repeating: "x", count: 5_000))])
        defer { origin.stop() }
        let url = try #require(URL(string: origin.url + "/keys"))
        let message = await Self.unreachable { _ = try await NIOOIDCHTTP(largestBody: 4_096).get(url) }
        #expect(message == "an answer over 4 KiB from 127.0.0.1")
    }

    @Test("a provider that drips its answer is given up at the time limit, its body included")
    func dripping() async throws {
        let origin = try HostileOrigin(answers: [.drip(head: Array("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n".utf8), interval: 0.05)])
        defer { origin.stop() }
        let url = try #require(URL(string: origin.url + "/keys"))
        let start = ContinuousClock.now
        let message = await Self.unreachable { _ = try await NIOOIDCHTTP(timeout: .seconds(1)).get(url) }
        #expect(message == "127.0.0.1 did not answer within 1 s")
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test("a provider that refuses the connection is one line naming it, at once, not at the time limit")
    func unreachable() async throws {
        let origin = try HostileOrigin(answers: [.text("")])
        origin.stop()
        let url = try #require(URL(string: origin.url + "/keys"))
        let start = ContinuousClock.now
        let message = await Self.unreachable { _ = try await NIOOIDCHTTP(timeout: .seconds(30)).get(url) }
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(message?.hasPrefix("could not reach 127.0.0.1") == true && message?.contains("\n") == false, "\(message ?? "no failure")")
    }
}
