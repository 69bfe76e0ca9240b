import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Kanban
import KanbanTestSupport
import Logging
import Testing
@testable import KanbanServer

@Suite("Sign-in with an OpenID Connect provider")
struct SingleSignOnTests {
    /// Runs `body` with a client of a server that signs in at `provider`.
    static func withServer(
        provider: TestProvider = TestProvider(), sessionSeconds: Int = 3600, tokens: TokenFile? = nil, clientSecret: String = TestProvider.clientSecret,
        _ body: @Sendable (APIClient, KanbanEngine, TestProvider) async throws -> Void
    ) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("server.db"))
        var oidc = TestProvider.configuration(sessionSeconds: sessionSeconds)
        oidc.clientSecret = clientSecret
        let configuration = ServerConfiguration(port: 0, tokens: tokens, logLevel: "error", oidc: oidc)
        let server = KanbanServer(engine: engine, configuration: configuration, oidcHTTP: provider)
        var logger = Logger(label: "test")
        logger.logLevel = .error
        let application = Application(router: server.makeRouter(), logger: logger)
        try await application.test(.router) { client in try await body(APIClient(client: client), engine, provider) }
    }

    /// One browser's sign-in: the login's answer, the provider's step, the callback's answer.
    struct SignIn {
        var login: APIResponse
        var state: String
        var stateCookie: String
        var authorizationURL: URL
    }

    /// Starts a sign-in as a browser would (`GET /auth/login`).
    static func start(_ api: APIClient) async throws -> SignIn {
        let login = try await api.get("/auth/login")
        #expect(login.status == 303)
        let location = try #require(login.headers[.location].flatMap(URL.init(string:)))
        let state = try #require(URLComponents(url: location, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "state" }?.value)
        let cookie = try #require(login.headers[.setCookie])
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Secure"))
        return SignIn(login: login, state: state, stateCookie: String(cookie.prefix { $0 != ";" }), authorizationURL: location)
    }

    /// The callback with `code` and `state`, from the browser holding `cookie`.
    static func callback(_ api: APIClient, code: String, state: String, cookie: String?) async throws -> APIResponse {
        let query = "code=\(code.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")&state=\(state.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        return try await api.get("/auth/callback?\(query)", headers: cookie.map { ["Cookie": $0] } ?? [:])
    }

    /// Signs `name` in with `groups`: the session cookie's `name=value`, or `nil` with the
    /// callback's answer when refused.
    static func signIn(
        _ api: APIClient, _ provider: TestProvider, name: String, groups: [String] = [],
        spoil: (inout [String: IDTokenClaims.Value]) -> Void = { _ in }
    ) async throws -> (session: String?, answer: APIResponse) {
        let started = try await start(api)
        let code = try provider.authorize(started.authorizationURL, name: name, groups: groups, spoil: spoil)
        let answer = try await callback(api, code: code, state: started.state, cookie: started.stateCookie)
        let session = answer.headers[values: .setCookie].first { $0.hasPrefix("\(AccessMiddleware.sessionCookie)=") && !$0.contains("Max-Age=0") }
        return (session.map { String($0.prefix { $0 != ";" }) }, answer)
    }

    /// Whether `name` gets a session.
    static func signsIn(_ api: APIClient, _ provider: TestProvider, name: String) async throws -> Bool {
        try await signIn(api, provider, name: name).session != nil
    }

    @Test("Signing in asks the provider for a code with state, nonce and a PKCE S256 challenge, and starts a session whose role comes from the groups claim")
    func signsIn() async throws {
        try await Self.withServer { api, engine, provider in
            let started = try await Self.start(api)
            let query = Dictionary(uniqueKeysWithValues: (URLComponents(url: started.authorizationURL, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") })
            #expect(started.authorizationURL.absoluteString.hasPrefix(TestProvider.issuer + "/authorize?"))
            #expect(query["scope"] == "openid profile groups")
            #expect(query["state"]?.count == 43 && query["nonce"]?.count == 43 && query["code_challenge"]?.count == 43)

            let (ana, answer) = try await Self.signIn(api, provider, name: "ana", groups: ["staff", "kanban-admins"])
            #expect(answer.status == 303)
            #expect(answer.headers[.location] == "/")
            let cookie = try #require(answer.headers[values: .setCookie].first { $0.hasPrefix("kanban_session=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Max-Age=3600") && cookie.contains("Secure"))
            let anaCookie = try #require(ana)
            let session = try await api.get("/api/session", headers: ["Cookie": anaCookie])
            #expect(try session.json["actor"] == .string("ana") && session.json["administrator"] == .bool(true) && session.json["tokens"] == .bool(true))

            let (ben, _) = try await Self.signIn(api, provider, name: "벤 Ben", groups: ["staff"])
            let benCookie = try #require(ben)
            #expect(try await api.get("/api/session", headers: ["Cookie": benCookie]).json["administrator"] == .bool(false))
            // A member makes no board; the administrator does, and acts under the provider's name.
            #expect(try await api.post("/api/boards", #"{"name": "Team"}"#, headers: ["Cookie": benCookie]).status == 403)
            #expect(try await api.post("/api/boards", #"{"name": "Team"}"#, headers: ["Cookie": anaCookie]).status == 201)
            #expect(try engine.events().last?.actor == "ana")
            // Without a session, /api asks for one, where it is had.
            let anonymous = try await api.get("/api/boards")
            #expect(anonymous.status == 401)
            #expect(anonymous.error == "sign in first: open /auth/login in a browser")
        }
    }

    @Test("Sign-out ends the session on the server: the old cookie stops working")
    func signOut() async throws {
        try await Self.withServer { api, _, provider in
            let cookie = try #require(try await Self.signIn(api, provider, name: "ana").session)
            #expect(try await api.get("/api/boards", headers: ["Cookie": cookie]).status == 200)
            let out = try await api.delete("/api/session", headers: ["Cookie": cookie])
            #expect(out.status == 200)
            #expect(out.headers[.setCookie]?.contains("Max-Age=0") == true)
            #expect(try await api.get("/api/boards", headers: ["Cookie": cookie]).status == 401)
        }
    }

    @Test("A session ends at its expiry")
    func expiry() async throws {
        try await Self.withServer(sessionSeconds: 1) { api, _, provider in
            let cookie = try #require(try await Self.signIn(api, provider, name: "ana").session)
            #expect(try await api.get("/api/boards", headers: ["Cookie": cookie]).status == 200)
            try await Task.sleep(for: .milliseconds(1_200))
            #expect(try await api.get("/api/boards", headers: ["Cookie": cookie]).status == 401)
        }
    }

    @Test("A tampered state, a state from another browser and a replayed callback are refused, and sign no one in")
    func state() async throws {
        try await Self.withServer { api, _, provider in
            let started = try await Self.start(api)
            let code = try provider.authorize(started.authorizationURL, name: "ana", groups: ["kanban-admins"])
            var tampered = started.state
            tampered.replaceSubrange(tampered.startIndex...tampered.startIndex, with: tampered.first == "A" ? "B" : "A")
            let wrong = try await Self.callback(api, code: code, state: tampered, cookie: started.stateCookie)
            #expect(wrong.status == 400)
            #expect(wrong.text.contains("was not started in this browser"))
            // The attacker's own browser, without the state's cookie (login CSRF).
            let foreign = try await Self.callback(api, code: code, state: started.state, cookie: nil)
            #expect(foreign.status == 400)
            #expect(provider.tokenRequests == 0)
            for answer in [wrong, foreign] { #expect(!answer.headers[values: .setCookie].contains { $0.hasPrefix("kanban_session=") }) }

            let right = try await Self.callback(api, code: code, state: started.state, cookie: started.stateCookie)
            #expect(right.status == 303)
            let replayed = try await Self.callback(api, code: code, state: started.state, cookie: started.stateCookie)
            #expect(replayed.status == 400)
            #expect(replayed.text.contains("finished already"))
            #expect(provider.tokenRequests == 1)
        }
    }

    @Test("A code replayed into a fresh sign-in is refused by the provider (used, and not this sign-in's PKCE verifier)")
    func replayedCode() async throws {
        try await Self.withServer { api, _, provider in
            let first = try await Self.start(api)
            let code = try provider.authorize(first.authorizationURL, name: "ana", groups: ["kanban-admins"])
            #expect(try await Self.callback(api, code: code, state: first.state, cookie: first.stateCookie).status == 303)
            let second = try await Self.start(api)
            let answer = try await Self.callback(api, code: code, state: second.state, cookie: second.stateCookie)
            #expect(answer.status == 400)
            #expect(answer.text.contains("refused the sign-in’s code") || answer.text.contains("refused the sign-in&#39;s code") || answer.text.contains("invalid_grant"))
            #expect(!answer.headers[values: .setCookie].contains { $0.hasPrefix("kanban_session=") })
        }
    }

    @Test("An ID token with another nonce, audience or issuer, an expired one, or one for several clients without azp is refused")
    func badTokens() async throws {
        let spoilers: [(String, @Sendable (inout [String: IDTokenClaims.Value]) -> Void)] = [
            ("nonce", { $0["nonce"] = .string("another-sign-ins-nonce") }),
            ("not for this client", { $0["aud"] = .string("another-client") }),
            ("another issuer", { $0["iss"] = .string("https://evil.example.test") }),
            ("expired", { $0["exp"] = .number(Date().timeIntervalSince1970 - 120) }),
            ("another client (azp)", { $0["aud"] = .strings([TestProvider.clientID, "other"]) }),
            ("no expiry", { $0["exp"] = nil }),
            ("longer than", { $0["preferred_username"] = .string(String(repeating: "가", count: 300)) }),
            ("no subject", { $0["sub"] = .strings(["x"]) }),
        ]
        try await Self.withServer { api, engine, provider in
            for (reason, spoil) in spoilers {
                let (session, answer) = try await Self.signIn(api, provider, name: "ana", groups: ["kanban-admins"], spoil: spoil)
                #expect(answer.status == 400, "\(reason)")
                #expect(session == nil, "\(reason)")
                #expect(answer.text.contains(reason), "\(reason): \(answer.text)")
            }
            #expect(try engine.lastSequence() == 0)
        }
    }

    @Test("A token signed with a key the provider rolled in is taken after one fetch of its keys; alg none and HMAC are refused")
    func keys() async throws {
        try await Self.withServer { api, _, provider in
            let signedIn1 = try await Self.signsIn(api, provider, name: "ana")
            #expect(signedIn1)
            #expect(provider.keyFetches == 1)
            let signedIn2 = try await Self.signsIn(api, provider, name: "ana")
            #expect(signedIn2)
            #expect(provider.keyFetches == 1)
            provider.rollKey()
            let signedIn3 = try await Self.signsIn(api, provider, name: "ana")
            #expect(signedIn3)
            #expect(provider.keyFetches == 2)
        }
        let client = OIDCClient(configuration: TestProvider.configuration(), http: TestProvider())
        let payload = Data(#"{"iss":"https://id.example.test","aud":"kanban","sub":"x","exp":9999999999,"nonce":"n"}"#.utf8).base64EncodedString()
        for header in [#"{"alg":"none"}"#, #"{"alg":"HS256","kid":"key-1"}"#] {
            let token = "\(Data(header.utf8).base64EncodedString()).\(payload)."
            await #expect(throws: OIDCError.self) { try await client.verified(token) }
        }
    }

    @Test("The provider cannot sign in under a token file's name, nor a second account under a name taken")
    func names() async throws {
        let tokens = try TokenFile(parsing: "root r00t-token-for-the-admin\n")
        try await Self.withServer(tokens: tokens) { api, _, provider in
            let (root, answer) = try await Self.signIn(api, provider, name: "root", groups: ["kanban-admins"])
            #expect(root == nil)
            #expect(answer.status == 400 && answer.text.contains("belongs to a token"))
            let signedIn4 = try await Self.signsIn(api, provider, name: "ana")
            #expect(signedIn4)
            let (other, refused) = try await Self.signIn(api, provider, name: "ana", groups: ["kanban-admins"]) { $0["sub"] = .string("someone-else") }
            #expect(other == nil)
            #expect(refused.text.contains("another account"))
            // The token still works beside the provider.
            #expect(try await api.get("/api/boards", headers: ["Authorization": "Bearer r00t-token-for-the-admin"]).status == 200)
        }
    }

    @Test("A person's administration follows their latest sign-in's groups")
    func groupsFollowed() async throws {
        try await Self.withServer { api, _, provider in
            let first = try #require(try await Self.signIn(api, provider, name: "ana", groups: ["kanban-admins"]).session)
            #expect(try await api.post("/api/boards", #"{"name": "One"}"#, headers: ["Cookie": first]).status == 201)
            let second = try #require(try await Self.signIn(api, provider, name: "ana", groups: []).session)
            #expect(try await api.post("/api/boards", #"{"name": "Two"}"#, headers: ["Cookie": second]).status == 403)
            #expect(try await api.get("/api/session", headers: ["Cookie": first]).json["administrator"] == .bool(false))
        }
    }

    @Test("A client secret the provider refuses is said to be the server's configuration, not the person's doing")
    func wrongSecret() async throws {
        try await Self.withServer(clientSecret: "not-the-secret") { api, _, provider in
            let started = try await Self.start(api)
            let code = try provider.authorize(started.authorizationURL, name: "ana", groups: [])
            let answer = try await Self.callback(api, code: code, state: started.state, cookie: started.stateCookie)
            #expect(answer.status == 400)
            #expect(answer.text.contains("invalid_client") && answer.text.contains("configuration needs fixing"), "\(answer.text)")
        }
    }

    @Test("A provider that cannot be reached is a 502 page saying so, and signs no one in")
    func providerDown() async throws {
        let provider = TestProvider()
        provider.setDown(true)
        try await Self.withServer(provider: provider) { api, _, provider in
            let login = try await api.get("/auth/login")
            #expect(login.status == 502)
            #expect(login.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(login.text.contains("cannot reach the sign-in provider"))
            provider.setDown(false)
            let signedIn = try await Self.signsIn(api, provider, name: "ana")
            #expect(signedIn)
        }
    }

    @Test("Sign-ins under way are taken once, expire after 10 minutes, and at most 10,000 are kept (the oldest dropped)")
    func pendingSignIns() {
        let pending = PendingSignIns()
        let start = ContinuousClock.now
        let first = pending.start(now: start)
        #expect(first.pending.nonce != first.pending.verifier && first.state.count == 43)
        #expect(pending.take(first.state, now: start)?.nonce == first.pending.nonce)
        #expect(pending.take(first.state, now: start) == nil)
        let late = pending.start(now: start)
        #expect(pending.take(late.state, now: start + .seconds(601)) == nil)
        let oldest = pending.start(now: start)
        let states = (0..<PendingSignIns.capacity).map { _ in pending.start(now: start + .seconds(1)).state }
        #expect(pending.count == PendingSignIns.capacity)
        #expect(pending.take(oldest.state, now: start + .seconds(2)) == nil)
        #expect(pending.take(states[0], now: start + .seconds(2)) != nil)
        // Expired ones go as new ones start, whatever their number.
        _ = pending.start(now: start + .seconds(700))
        #expect(pending.count == 1)
    }

    @Test("The issuer is compared exactly, but for Google's scheme-less one")
    func issuers() {
        #expect(OIDCClient.sameIssuer("https://id.example.com", "https://id.example.com"))
        #expect(!OIDCClient.sameIssuer("https://id.example.com/", "https://id.example.com"))
        #expect(!OIDCClient.sameIssuer("id.example.com", "https://id.example.com"))
        #expect(OIDCClient.sameIssuer("accounts.google.com", "https://accounts.google.com"))
    }

    @Test("/auth/methods says how to sign in; without a provider there is no /auth/login")
    func methods() async throws {
        try await Self.withServer { api, _, _ in
            let methods = try await api.get("/auth/methods")
            #expect(try methods.json["oidc"] == .bool(true) && methods.json["tokens"] == .bool(false) && methods.json["login"] == .string("/auth/login"))
        }
        try await ServerHarness.withServer { api, _ in
            let methods = try await api.get("/auth/methods")
            let login = try await api.get("/auth/login")
            #expect(try methods.json["oidc"] == .bool(false))
            #expect(login.status == 404)
        }
    }

    @Test("A configuration file is checked: its mode, its fields, an issuer over plain HTTP, a redirect outside /auth/")
    func configurationFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        func load(_ json: String, mode: Int = 0o600) throws -> OIDCConfiguration {
            let path = directory.appending("oidc.json")
            try Data(json.utf8).write(to: URL(fileURLWithPath: path))
            chmod(path, mode_t(mode))
            return try OIDCConfiguration(contentsOf: path)
        }
        let good = #"{"issuer": "https://id.example.com", "clientID": "kanban", "clientSecret": "s", "redirectURL": "https://k.example.com/auth/callback", "adminGroups": ["a"]}"#
        let configuration = try load(good)
        #expect(configuration.callbackPath == "/auth/callback" && configuration.adminGroups == ["a"] && configuration.scopes == ["openid", "profile", "email"])
        #expect(configuration.sessionSeconds == 43_200)
        let refusals: [(String, Int, String)] = [
            (good, 0o644, "chmod 600"),
            (#"{"issuer": "https://id.example.com", "clientSecret": "s", "redirectURL": "https://k/auth/cb"}"#, 0o600, "'clientID' is missing"),
            (good.replacingOccurrences(of: "https://id.example.com", with: "http://id.example.com"), 0o600, "https://"),
            (good.replacingOccurrences(of: "/auth/callback", with: "/api/callback"), 0o600, "under /auth/"),
            ("not json", 0o600, "not JSON"),
        ]
        for (json, mode, words) in refusals {
            #expect(throws: OIDCConfigurationError.self) { try load(json, mode: mode) }
            do { _ = try load(json, mode: mode) } catch let error as OIDCConfigurationError { #expect(error.description.contains(words), "\(error.description)") }
        }
        #expect(try load(good.replacingOccurrences(of: "https://id.example.com", with: "http://127.0.0.2:9000")).issuer == "http://127.0.0.2:9000")
    }
}
