import Crypto
import Foundation
import JWTKit
import KanbanCore

/// The relying party's side of OpenID Connect's authorization code flow: the provider's discovery
/// document and keys (fetched when first needed, the keys again when a token names a key not
/// seen), the URL a sign-in starts at, and a code turned into a checked ``OIDCIdentity``.
///
/// The ID token's signature is checked by jwt-kit against the provider's published keys
/// (asymmetric algorithms only); then `iss` is the configured issuer, `aud` holds the client id
/// (and `azp` is the client id when there are several audiences), `exp` has not passed, `iat`
/// is not in the future, and `nonce` is the one this sign-in sent (OpenID Connect Core, 3.1.3.7).
actor OIDCClient {
    let configuration: OIDCConfiguration
    private let http: any OIDCHTTP
    private var metadata: OIDCProviderMetadata?
    private var keys: JWTKeyCollection?
    private var keyIDs: Set<String> = []

    /// How far the provider's clock may be from this one.
    static let clockSkew: Double = 60
    /// Signing algorithms taken: the asymmetric ones jwt-kit verifies with a public key.
    static let algorithms: Set<String> = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"]

    init(configuration: OIDCConfiguration, http: any OIDCHTTP = NIOOIDCHTTP()) {
        self.configuration = configuration
        self.http = http
    }

    /// The provider's authorization endpoint with this sign-in's `state`, `nonce` and PKCE
    /// challenge (`S256` of `verifier`).
    func authorizationURL(state: String, nonce: String, verifier: String) async throws(OIDCError) -> URL {
        let metadata = try await providerMetadata()
        guard var components = URLComponents(string: metadata.authorizationEndpoint) else {
            throw .unreachable("the authorization endpoint '\(metadata.authorizationEndpoint)' is not a URL")
        }
        var items = components.queryItems ?? []
        items += [
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "client_id", value: configuration.clientID),
            URLQueryItem(name: "redirect_uri", value: configuration.redirectURL),
            URLQueryItem(name: "scope", value: configuration.scopes.joined(separator: " ")),
            URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "nonce", value: nonce),
            URLQueryItem(name: "code_challenge", value: Self.challenge(of: verifier)),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
        ]
        components.queryItems = items
        // A '+' in a value would read as a space: encode it as URLComponents does not.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else { throw .unreachable("the authorization endpoint makes no URL") }
        return url
    }

    /// Exchanges `code` (with the sign-in's PKCE `verifier`) for an ID token and checks it
    /// against `nonce`; the identity it names.
    func identity(code: String, verifier: String, nonce: String) async throws(OIDCError) -> OIDCIdentity {
        let metadata = try await providerMetadata()
        guard let endpoint = URL(string: metadata.tokenEndpoint) else { throw .unreachable("the token endpoint is not a URL") }
        var form = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", configuration.redirectURL), ("code_verifier", verifier),
        ]
        let basic: (user: String, password: String)?
        if metadata.sendsSecretInForm {
            form += [("client_id", configuration.clientID), ("client_secret", configuration.clientSecret)]
            basic = nil
        } else {
            basic = (configuration.clientID, configuration.clientSecret)
        }
        let (status, body): (Int, Data)
        do { (status, body) = try await http.post(endpoint, form: form, basic: basic) } catch let error as OIDCError { throw error } catch {
            throw .unreachable("\(error.localizedDescription)")
        }
        guard let answer = try? JSONDecoder().decode(OIDCTokenResponse.self, from: body) else {
            throw .unreachable("the token endpoint answered \(status) without JSON")
        }
        guard status == 200, let idToken = answer.idToken else {
            if answer.error == "invalid_client" {
                // Not the person's doing: the server's configuration is wrong.
                throw .refused("the provider does not accept this server's client id and secret (invalid_client): the server's OpenID Connect configuration needs fixing")
            }
            let reason = [answer.error, answer.errorDescription].compactMap { $0.map(Self.printable) }.joined(separator: ": ")
            throw .refused("the provider refused the sign-in's code (\(status)\(reason.isEmpty ? "" : ", \(reason)")); start again")
        }
        let claims = try await verified(idToken)
        return try identity(from: claims, nonce: nonce)
    }

    /// The claims of `token` once its signature checks out with one of the provider's keys.
    func verified(_ token: String) async throws(OIDCError) -> IDTokenClaims {
        let header = Self.header(of: token)
        guard let algorithm = header?["alg"] as? String, Self.algorithms.contains(algorithm) else {
            throw .refused("the ID token is not signed with a public-key algorithm")
        }
        let keyID = header?["kid"] as? String
        let keys = try await signingKeys(refreshingFor: keyID)
        do {
            return try await keys.verify(token, as: IDTokenClaims.self)
        } catch {
            throw .refused("the ID token's signature does not check out with the provider's keys")
        }
    }

    /// The identity `claims` name, once they are checked against this client and `nonce`.
    func identity(from claims: IDTokenClaims, nonce: String, now: Date = Date()) throws(OIDCError) -> OIDCIdentity {
        guard let issuer = claims.string("iss"), Self.sameIssuer(issuer, configuration.issuer) else {
            throw .refused("the ID token comes from another issuer")
        }
        let audiences = claims.strings("aud")
        guard audiences.contains(configuration.clientID) else { throw .refused("the ID token is not for this client") }
        if audiences.count > 1 || claims.string("azp") != nil, claims.string("azp") != configuration.clientID {
            throw .refused("the ID token was issued to another client (azp)")
        }
        let time = now.timeIntervalSince1970
        guard let expiry = claims.seconds("exp") else { throw .refused("the ID token has no expiry") }
        guard time < expiry + Self.clockSkew else { throw .refused("the ID token has expired") }
        if let issued = claims.seconds("iat"), issued > time + Self.clockSkew { throw .refused("the ID token is issued in the future") }
        guard let sent = claims.string("nonce"), ConstantTime.equal(sent, nonce) else {
            throw .refused("the ID token's nonce is not this sign-in's")
        }
        guard let subject = claims.string("sub"), !subject.isEmpty else { throw .refused("the ID token names no subject") }
        let name = configuration.nameClaims.lazy.compactMap { claims.string($0)?.trimmingCharacters(in: .whitespacesAndNewlines) }.first { !$0.isEmpty }
        guard let name else { throw .refused("the ID token has none of the claims \(configuration.nameClaims.joined(separator: ", ")) for a name") }
        guard name.count <= Limits.nameLength else { throw .refused("the name in the ID token is longer than \(Limits.nameLength) characters") }
        let groups = claims.strings(configuration.groupsClaim)
        return OIDCIdentity(name: name, subject: subject, groups: groups, isAdministrator: groups.contains { configuration.adminGroups.contains($0) })
    }

    /// Whether an ID token's `iss` is the configured issuer: exactly, but for Google, whose
    /// tokens may say `accounts.google.com` without the scheme (as its documentation warns).
    static func sameIssuer(_ claimed: String, _ configured: String) -> Bool {
        claimed == configured || (configured == "https://accounts.google.com" && claimed == "accounts.google.com")
    }

    /// The discovery document, fetched once; its `issuer` must be the configured one exactly.
    private func providerMetadata() async throws(OIDCError) -> OIDCProviderMetadata {
        if let metadata { return metadata }
        let address = configuration.issuer.hasSuffix("/") ? String(configuration.issuer.dropLast()) : configuration.issuer
        guard let url = URL(string: address + "/.well-known/openid-configuration") else { throw .unreachable("the issuer makes no URL") }
        let fetched: OIDCProviderMetadata = try await fetchJSON(url, what: "discovery document")
        guard fetched.issuer == configuration.issuer else {
            throw .unreachable("the discovery document names the issuer '\(Self.printable(fetched.issuer))', not '\(configuration.issuer)'")
        }
        metadata = fetched
        return fetched
    }

    /// The provider's keys: fetched when none are held, or when `keyID` is one not seen (a
    /// provider rolls its keys). Tokens come only from the provider's own token endpoint, so an
    /// unseen key id cannot be sent by anyone else to make the server fetch again and again.
    private func signingKeys(refreshingFor keyID: String?) async throws(OIDCError) -> JWTKeyCollection {
        if let keys, keyID.map({ keyIDs.contains($0) }) ?? true { return keys }
        let metadata = try await providerMetadata()
        guard let url = URL(string: metadata.jwksURI) else { throw .unreachable("the keys' URL is not a URL") }
        let set: JWKS = try await fetchJSON(url, what: "keys")
        let collection = JWTKeyCollection()
        var identifiers: Set<String> = []
        for key in set.keys {
            guard let identifier = key.keyIdentifier else { continue }
            // A key of a kind jwt-kit does not verify with (an encryption key, say) is left out.
            if (try? await collection.add(jwk: key)) != nil { identifiers.insert(identifier.string) }
        }
        guard !identifiers.isEmpty else { throw .unreachable("the provider publishes no signing key with a key id") }
        keys = collection
        keyIDs = identifiers
        return collection
    }

    private func fetchJSON<Value: Decodable>(_ url: URL, what: String) async throws(OIDCError) -> Value {
        let (status, body): (Int, Data)
        do { (status, body) = try await http.get(url) } catch let error as OIDCError { throw error } catch {
            throw .unreachable("\(what): \(error.localizedDescription)")
        }
        guard status == 200 else { throw .unreachable("\(what) at \(url.absoluteString) answered \(status)") }
        guard let value = try? JSONDecoder().decode(Value.self, from: body) else { throw .unreachable("\(what) at \(url.absoluteString) is not the expected JSON") }
        return value
    }

    /// The PKCE challenge of `verifier`: its SHA-256 in base64url without padding.
    static func challenge(of verifier: String) -> String {
        base64URL(Data(SHA256.hash(data: Data(verifier.utf8))))
    }

    /// `data` in base64url without padding.
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// A JWT's header as JSON, or `nil` when it is not one.
    static func header(of token: String) -> [String: Any]? {
        guard let first = token.split(separator: ".", omittingEmptySubsequences: false).first, first.count <= 4096 else { return nil }
        var text = first.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        text += String(repeating: "=", count: (4 - text.count % 4) % 4)
        guard let data = Data(base64Encoded: text) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// `text` cut to 200 characters without control characters, for a message.
    static func printable(_ text: String) -> String {
        String(text.prefix(200).unicodeScalars.filter { $0.properties.generalCategory != .control }.map(Character.init))
    }
}
