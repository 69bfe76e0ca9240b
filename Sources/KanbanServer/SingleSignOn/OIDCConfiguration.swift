import Foundation

/// Sign-in with an OpenID Connect provider (`kanban serve --oidc-config FILE`): a JSON file
///
/// ```json
/// {"issuer": "https://id.example.com/realms/team", "clientID": "kanban", "clientSecret": "…",
///  "redirectURL": "https://kanban.example.com/auth/callback", "adminGroups": ["kanban-admins"]}
/// ```
///
/// A person whose groups claim holds one of `adminGroups` administers the server; anyone else
/// the provider signs in has the roles given to them on boards. Optional fields: `scopes`
/// (default `openid profile email`; add `groups` where the provider needs it asked for),
/// `groupsClaim` (default `groups`), `nameClaims` (the claims tried in order for the person's
/// name, default `preferred_username`, `email`, `sub`) and `sessionSeconds` (default 12 hours).
public struct OIDCConfiguration: Sendable, Decodable, Equatable {
    /// The provider's issuer identifier: its discovery document is at
    /// `ISSUER/.well-known/openid-configuration` and its `issuer` must be exactly this.
    public var issuer: String
    public var clientID: String
    public var clientSecret: String
    /// Where the provider sends the browser back; the server answers at its path.
    public var redirectURL: String
    /// Values of the groups claim that make a server administrator.
    public var adminGroups: [String]
    /// The scopes asked for; always holds `openid`.
    public var scopes: [String]
    /// The ID token's claim that lists the person's groups.
    public var groupsClaim: String
    /// The claims tried, in order, for the name a person acts under.
    public var nameClaims: [String]
    /// How long a session lasts.
    public var sessionSeconds: Int

    private enum CodingKeys: String, CodingKey {
        case issuer, clientID, clientSecret, redirectURL, adminGroups, scopes, groupsClaim, nameClaims, sessionSeconds
    }

    public init(
        issuer: String, clientID: String, clientSecret: String, redirectURL: String, adminGroups: [String] = [],
        scopes: [String] = ["openid", "profile", "email"], groupsClaim: String = "groups",
        nameClaims: [String] = ["preferred_username", "email", "sub"], sessionSeconds: Int = 12 * 3600
    ) {
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.redirectURL = redirectURL
        self.adminGroups = adminGroups
        self.scopes = scopes
        self.groupsClaim = groupsClaim
        self.nameClaims = nameClaims
        self.sessionSeconds = sessionSeconds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            issuer: try container.decode(String.self, forKey: .issuer),
            clientID: try container.decode(String.self, forKey: .clientID),
            clientSecret: try container.decode(String.self, forKey: .clientSecret),
            redirectURL: try container.decode(String.self, forKey: .redirectURL),
            adminGroups: try container.decodeIfPresent([String].self, forKey: .adminGroups) ?? [],
            scopes: try container.decodeIfPresent([String].self, forKey: .scopes) ?? ["openid", "profile", "email"],
            groupsClaim: try container.decodeIfPresent(String.self, forKey: .groupsClaim) ?? "groups",
            nameClaims: try container.decodeIfPresent([String].self, forKey: .nameClaims) ?? ["preferred_username", "email", "sub"],
            sessionSeconds: try container.decodeIfPresent(Int.self, forKey: .sessionSeconds) ?? 12 * 3600
        )
    }

    /// Reads and checks the file at `path`; throws ``OIDCConfigurationError`` with a one-line
    /// reason. It holds the client's secret: like the token file, one its group or others may
    /// read is refused.
    public init(contentsOf path: String) throws(OIDCConfigurationError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw OIDCConfigurationError(path: path, reason: String(cString: strerror(errno))) }
        if status.st_mode & 0o077 != 0 {
            throw OIDCConfigurationError(path: path, reason: "holds the client secret but has mode \(String(status.st_mode & 0o777, radix: 8)); make it readable by its owner only (chmod 600)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw OIDCConfigurationError(path: path, reason: "cannot be read")
        }
        do {
            self = try JSONDecoder().decode(Self.self, from: data)
        } catch let error as DecodingError {
            throw OIDCConfigurationError(path: path, reason: Self.describe(error))
        } catch {
            throw OIDCConfigurationError(path: path, reason: "not JSON")
        }
        if let problem { throw OIDCConfigurationError(path: path, reason: problem) }
    }

    /// The path the provider returns the browser to (the redirect URL's).
    public var callbackPath: String { URLComponents(string: redirectURL)?.path ?? "" }

    /// Whether cookies must be `Secure`: the server is reached over HTTPS.
    public var isSecure: Bool { redirectURL.lowercased().hasPrefix("https://") }

    /// What is wrong with these settings, or `nil` when nothing is.
    public var problem: String? {
        guard let issuerURL = URLComponents(string: issuer), let scheme = issuerURL.scheme?.lowercased(), let host = issuerURL.host, !host.isEmpty,
              issuerURL.query == nil, issuerURL.fragment == nil
        else { return "'issuer' must be an https:// URL without a query" }
        if scheme != "https" && !(scheme == "http" && HostAuthority(listeningOn: host)?.isLoopback == true) {
            return "'issuer' must be an https:// URL (http:// only on a loopback address)"
        }
        if clientID.isEmpty { return "'clientID' is empty" }
        guard let redirect = URLComponents(string: redirectURL), let redirectScheme = redirect.scheme?.lowercased(),
              ["http", "https"].contains(redirectScheme), redirect.host?.isEmpty == false, redirect.query == nil, redirect.fragment == nil
        else { return "'redirectURL' must be an absolute http:// or https:// URL without a query, such as https://kanban.example.com/auth/callback" }
        let path = redirect.path
        if !path.hasPrefix("/auth/") || path == "/auth/login" || path == "/auth/methods" || path.contains("//") {
            return "the path of 'redirectURL' must be under /auth/ (such as /auth/callback), and not /auth/login or /auth/methods"
        }
        if !scopes.contains("openid") { return "'scopes' must hold 'openid'" }
        if let bad = scopes.first(where: { $0.isEmpty || $0.contains(where: { $0 == " " || $0 == "\"" || $0 == "\\" }) }) {
            return "the scope '\(bad)' is not a scope token"
        }
        if groupsClaim.isEmpty { return "'groupsClaim' is empty" }
        if nameClaims.isEmpty || nameClaims.contains(where: \.isEmpty) { return "'nameClaims' must name at least one claim" }
        if !(1...(90 * 24 * 3600)).contains(sessionSeconds) {
            return "'sessionSeconds' must be between 1 and 7776000 (90 days)"
        }
        return nil
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "'\(key.stringValue)' is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
        case .dataCorrupted: "not JSON"
        @unknown default: "not the expected JSON"
        }
    }
}
