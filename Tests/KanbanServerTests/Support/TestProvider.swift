import Crypto
import Foundation
import JWTKit
import Synchronization
@testable import KanbanServer

/// An OpenID Connect provider inside the test: discovery, its keys (ES256, rolled on demand), an
/// authorization step the test drives as the person signing in would, and a token endpoint that
/// checks the client's secret, the PKCE verifier and that a code is used once. What it signs
/// can be spoiled on purpose (another nonce, audience, issuer, an expired token).
final class TestProvider: OIDCHTTP, Sendable {
    static let issuer = "https://id.example.test"
    static let clientID = "kanban"
    static let clientSecret = "client-secret-of-kanban"
    static let redirectURL = "https://kanban.example.test/auth/callback"

    /// What one code will sign.
    struct Grant: Sendable {
        var claims: [String: IDTokenClaims.Value]
        var challenge: String
    }

    private struct State {
        var grants: [String: Grant] = [:]
        var keyID = "key-1"
        var key = ES256PrivateKey()
        var keyFetches = 0
        var tokenRequests = 0
        var down = false
    }

    private let state = Mutex(State())

    /// The configuration of a server that signs in here.
    static func configuration(sessionSeconds: Int = 3600) -> OIDCConfiguration {
        OIDCConfiguration(
            issuer: issuer, clientID: clientID, clientSecret: clientSecret, redirectURL: redirectURL,
            adminGroups: ["kanban-admins"], scopes: ["openid", "profile", "groups"], sessionSeconds: sessionSeconds
        )
    }

    /// How often the keys were fetched.
    var keyFetches: Int { state.withLock { $0.keyFetches } }
    /// How often the token endpoint was asked.
    var tokenRequests: Int { state.withLock { $0.tokenRequests } }

    /// Whether the provider answers (a server that cannot reach it answers 502).
    func setDown(_ down: Bool) {
        state.withLock { $0.down = down }
    }

    /// A new signing key under a new id (the provider rolls its keys).
    func rollKey() {
        state.withLock { state in
            state.key = ES256PrivateKey()
            state.keyID = "key-\(Int.random(in: 2...1_000_000))"
        }
    }

    /// The person `name` signs in at the authorization URL `url` (as the server sent it): the
    /// code the provider gives back. `spoil` changes the claims it will sign.
    func authorize(_ url: URL, name: String, groups: [String], spoil: (inout [String: IDTokenClaims.Value]) -> Void = { _ in }) throws -> String {
        let query = Dictionary(uniqueKeysWithValues: (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        guard query["client_id"] == Self.clientID, query["redirect_uri"] == Self.redirectURL, query["response_type"] == "code",
              query["code_challenge_method"] == "S256", let challenge = query["code_challenge"], let nonce = query["nonce"]
        else { throw HarnessError(message: "not an authorization request of this client: \(url)") }
        let now = Date().timeIntervalSince1970
        var claims: [String: IDTokenClaims.Value] = [
            "iss": .string(Self.issuer), "aud": .string(Self.clientID), "sub": .string("subject-of-\(name)"),
            "exp": .number(now + 300), "iat": .number(now), "nonce": .string(nonce), "preferred_username": .string(name),
            "groups": .strings(groups),
        ]
        spoil(&claims)
        let code = PendingSignIns.randomToken()
        state.withLock { $0.grants[code] = Grant(claims: claims, challenge: challenge) }
        return code
    }

    func get(_ url: URL) async throws -> (status: Int, body: Data) {
        if state.withLock({ $0.down }) { throw URLError(.cannotConnectToHost) }
        switch url.absoluteString {
        case Self.issuer + "/.well-known/openid-configuration":
            let document: [String: Any] = [
                "issuer": Self.issuer, "authorization_endpoint": Self.issuer + "/authorize", "token_endpoint": Self.issuer + "/token",
                "jwks_uri": Self.issuer + "/keys", "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
            ]
            return (200, try JSONSerialization.data(withJSONObject: document))
        case Self.issuer + "/keys":
            let (key, keyID) = state.withLock { state in
                state.keyFetches += 1
                return (state.key, state.keyID)
            }
            guard let parameters = key.parameters else { return (500, Data()) }
            let keys: [String: Any] = ["keys": [["kty": "EC", "crv": "P-256", "x": parameters.x, "y": parameters.y, "kid": keyID, "alg": "ES256", "use": "sig"]]]
            return (200, try JSONSerialization.data(withJSONObject: keys))
        default:
            return (404, Data())
        }
    }

    func post(_ url: URL, form: [(String, String)], basic: (user: String, password: String)?) async throws -> (status: Int, body: Data) {
        if state.withLock({ $0.down }) { throw URLError(.cannotConnectToHost) }
        guard url.absoluteString == Self.issuer + "/token" else { return (404, Data()) }
        let fields = Dictionary(form, uniquingKeysWith: { first, _ in first })
        guard basic?.user == Self.clientID, basic?.password == Self.clientSecret else { return Self.error(401, "invalid_client") }
        guard fields["grant_type"] == "authorization_code", fields["redirect_uri"] == Self.redirectURL, let code = fields["code"] else {
            return Self.error(400, "invalid_request")
        }
        let (grant, key, keyID) = state.withLock { state in
            state.tokenRequests += 1
            return (state.grants.removeValue(forKey: code), state.key, state.keyID)
        }
        guard let grant else { return Self.error(400, "invalid_grant") }
        guard let verifier = fields["code_verifier"], OIDCClient.challenge(of: verifier) == grant.challenge else { return Self.error(400, "invalid_grant") }
        let signer = JWTKeyCollection()
        await signer.add(ecdsa: key, kid: JWKIdentifier(string: keyID))
        let token = try await signer.sign(IDTokenClaims(claims: grant.claims), kid: JWKIdentifier(string: keyID))
        return (200, try JSONSerialization.data(withJSONObject: ["id_token": token, "access_token": "unused", "token_type": "Bearer"]))
    }

    private static func error(_ status: Int, _ code: String) -> (status: Int, body: Data) {
        (status, Data(#"{"error": "\#(code)"}"#.utf8))
    }
}
