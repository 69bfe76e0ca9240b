import Foundation
import KanbanServer
import KanbanTestSupport
import Testing

/// Guessing tokens over HTTP: wrong bearer tokens and sign-ins are throttled alike, and a right
/// token always gets through, also from an address that guessed.
@Suite("Guessing tokens")
struct TokenGuessTests {
    @Test("After five wrong bearer tokens from one address the next wrong one is 429 with Retry-After; a right token still gets through")
    func wrongBearerTokensAreThrottled() async throws {
        try await ServerHarness.withServer(tokens: AccessTests.tokens) { api, engine in
            for index in 0..<5 {
                #expect(try await api.get("/api/boards", headers: ["Authorization": "Bearer wrong-token-number-\(index)"]).status == 401)
            }
            let throttled = try await api.get("/api/boards", headers: ["Authorization": "Bearer wrong-token-number-5"])
            #expect(throttled.status == 429)
            #expect((1...60).contains(Int(throttled.headers[.retryAfter] ?? "") ?? 0))
            #expect(try await api.get("/api/boards", headers: ["Authorization": "Bearer s3cret-token-of-ana"]).status == 200)
            #expect(try await api.post("/api/session", #"{"token": "another-token-for-ben"}"#).status == 200)
            #expect(try engine.lastSequence() == 0)
        }
    }

    @Test("The session cookie holds a random id, not the token; the token as a cookie is refused; signing out ends the session")
    func sessionCookieIsNotTheToken() async throws {
        try await ServerHarness.withServer(tokens: AccessTests.tokens) { api, _ in
            let first = try await api.post("/api/session", #"{"token": "another-token-for-ben"}"#)
            #expect(first.status == 200)
            let cookie = try #require(first.headers[.setCookie])
            #expect(!cookie.contains("another-token-for-ben"))
            let pair = String(cookie.prefix(while: { $0 != ";" }))
            let id = pair.drop(while: { $0 != "=" }).dropFirst()
            #expect(id.count == 64 && id.allSatisfy(\.isHexDigit), "\(pair)")
            let second = try await api.post("/api/session", #"{"token": "another-token-for-ben"}"#)
            #expect(second.headers[.setCookie].map { String($0.prefix(while: { $0 != ";" })) } != pair)
            #expect(try await api.get("/api/session", headers: ["Cookie": pair]).json["actor"] == .string("ben"))
            #expect(try await api.get("/api/boards", headers: ["Cookie": "kanban_session=another-token-for-ben"]).status == 401)
            #expect(try await api.delete("/api/session", headers: ["Cookie": pair]).status == 200)
            #expect(try await api.get("/api/session", headers: ["Cookie": pair]).status == 401)
        }
    }

    @Test(
        "Tokens too easy to guess are refused with one line saying why",
        arguments: [
            ("aaaaaaaaaaaaaaaa", "it has only 1 different character; at least 8 are needed"),
            ("abababababababab", "it has only 2 different characters; at least 8 are needed"),
            ("1234123412341234", "it has only 4 different characters; at least 8 are needed"),
            ("abcdefgabcdefgabcdefg", "it has only 7 different characters; at least 8 are needed"),
            ("0123456789", "it is 10 characters long; at least 16 are needed"),
        ]
    )
    func weakTokens(token: String, why: String) throws {
        let reason = "the token of 'ana' is too easy to guess: \(why); make one with 'openssl rand -hex 16'"
        #expect(throws: TokenFileError.malformed(path: "token file", line: 2, reason: reason)) {
            try TokenFile(parsing: "# team\nana \(token)\n")
        }
    }

    @Test("Long and varied tokens are taken")
    func variedTokens() throws {
        let file = try TokenFile(parsing: "ana 0123456789abcdef\nben s3cret-token-of-ben\n")
        #expect(file.actor(for: "0123456789abcdef") == "ana")
    }
}
