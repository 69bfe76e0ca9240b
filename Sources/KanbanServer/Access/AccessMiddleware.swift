import Foundation
import HTTPTypes
import Hummingbird

/// Decides who may do what before any route runs:
/// - a path with an empty segment (`//api/…`) is refused: the router would skip it;
/// - `Host` must be a name the server answers to (so a rebound DNS name cannot reach a loopback
///   server through the user's browser), and a browser's `Origin` must be the server's own;
/// - writes must send `Content-Type: application/json` (which a plain HTML form cannot);
/// - with a token file or a sign-in provider, every `/api` request but `POST /api/session` needs
///   a token as a bearer header, or the session cookie ``SessionRoutes`` or ``SignInRoutes``
///   sets, and acts as its actor; wrong ones are throttled (``TokenGuessThrottle``); without
///   either, the actor is `X-Kanban-Actor`, else `web`.
struct AccessMiddleware: RouterMiddleware {
    typealias Context = KanbanRequestContext

    let configuration: ServerConfiguration
    /// The signed-in browsers' session ids.
    let sessions: SessionStore
    /// Wrong tokens and session ids counted, shared with sign-in.
    let guesses: TokenGuessThrottle
    /// Who administers the server.
    let people: SignedInPeople
    /// The shared log's node secret, when this node's writes may come from its other nodes.
    var forwarding: WriteForwarding? = nil

    /// The cookie ``SessionRoutes`` sets.
    static let sessionCookie = "kanban_session"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // A write another node of the shared log hands on: that node checked its client's
        // host, origin and credential.
        if let shown = request.headers[.kanbanNodeSignature] { return try await handleHandedOn(request, signature: shown, context: context, next: next) }
        let hostFields = request.headers[values: .hostHeader]
        guard hostFields.count <= 1 else { throw APIError(.badRequest, "a request has one Host header, not \(hostFields.count)") }
        let authority = hostFields.first ?? request.head.authority
        guard let host = authority else { throw APIError(.badRequest, "the request names no Host") }
        guard let parsed = HostAuthority(host) else {
            throw APIError(.badRequest, "the Host header '\(Self.printable(host))' is not a host name or address with an optional port")
        }
        guard answersTo(parsed) else {
            throw APIError(.forbidden, "this server does not answer to host '\(Self.printable(host))'")
        }
        // Bodies come as they are or chunked; another coding (gzip) would be read as the body.
        if let coding = request.headers[.transferEncoding]?.lowercased().trimmingCharacters(in: .whitespaces), coding != "chunked" {
            throw APIError(.notImplemented, "Transfer-Encoding '\(Self.printable(coding))' is not supported: send the body as it is, or chunked")
        }
        if let origin = request.headers[.origin], !isSameOrigin(origin, host: host) {
            throw APIError(.forbidden, "requests from other sites (origin '\(origin)') are refused")
        }
        let path = request.uri.path
        // The router skips empty segments, so '//api/boards' would reach an /api route without
        // the '/api/' prefix every check here looks for: such a path is refused, whatever it names.
        if path.contains("//") { throw APIError(.badRequest, "the path '\(Self.printable(path))' has an empty segment ('//')") }
        guard path == "/api" || path.hasPrefix("/api/") else { return try await next(request, context) }
        if Self.isWrite(request.method) {
            let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
            // A write without a body (DELETE, POST …/undo) may leave Content-Type out: a form
            // always sends one, and another site's bodyless fetch carries its Origin, refused above.
            guard type == "application/json" || (type == nil && Self.hasNoBody(request)) else {
                throw APIError(.unsupportedMediaType, "writes with a body need 'Content-Type: application/json'")
            }
        }
        var context = context
        if configuration.requiresSignIn {
            if !Self.isOpen(request.method, path) {
                let (credential, actor) = Self.actor(of: request, tokens: configuration.tokens, sessions: sessions)
                guard let actor else {
                    guard let credential else {
                        // Only a provider: a browser signs in there; anything else needs a token file line.
                        if configuration.tokens == nil { throw APIError(.unauthorized, "sign in first: open /auth/login in a browser") }
                        throw APIError(.unauthorized, "a token is needed: 'Authorization: Bearer TOKEN', or sign in with POST /api/session")
                    }
                    if let refusal = await Self.refuseGuess(credential, from: context.clientAddress, guesses: guesses) { return refusal }
                    throw APIError(.unauthorized, "unknown token or ended session: 'Authorization: Bearer TOKEN', or sign in with POST /api/session")
                }
                context.actor = actor
                context.isAdministrator = people.isAdministrator(actor)
            }
        } else if let actor = request.headers[.kanbanActor]?.trimmingCharacters(in: .whitespaces), !actor.isEmpty {
            context.actor = actor.removingPercentEncoding ?? actor
        }
        return try await next(request, context)
    }

    /// A write another node of the shared log handed on (``ForwardWritesMiddleware``): taken
    /// only when signed with the log's node secret (``NodeSignature``), only as a write the
    /// nodes hand on (a signature opens no read and no session), and only from a node that signs
    /// people in as this one does (else a member there could be an administrator here). The
    /// actor is the handing node's; whether they administer is this node's word, as its engine's.
    private func handleHandedOn(
        _ request: Request, signature: String, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard ForwardWritesMiddleware.isHandedOn(request), !request.uri.path.contains("//") else {
            throw APIError(.forbidden, "a node's signature is taken on the writes nodes hand on, not on \(request.method.rawValue) \(Self.printable(request.uri.path))")
        }
        let signIn = request.headers[.kanbanForwardedSignIn] ?? ""
        let actorField = request.headers[.kanbanForwardedActor] ?? ""
        var request = request
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        let target = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
        guard let forwarding,
            NodeSignature.verifies(
                signature, secret: forwarding.secret, method: request.method.rawValue, target: target, actor: actorField, signIn: signIn,
                body: body.readableBytesView, now: Int64(Date().timeIntervalSince1970)
            )
        else {
            if let refusal = await Self.refuseGuess(signature, from: context.clientAddress, guesses: guesses) { return refusal }
            throw APIError(.unauthorized, "X-Kanban-Node-Signature does not sign this write with this shared log's node secret, or is over a minute off this node's clock")
        }
        guard signIn == (configuration.requiresSignIn ? "1" : "0") else {
            throw APIError(.serviceUnavailable, "the nodes of this log do not sign people in alike: start every node with the same --token-file and --oidc-config")
        }
        let actor = actorField.removingPercentEncoding ?? actorField
        guard !actor.isEmpty else {
            throw APIError(.badRequest, "a write handed on by another node names its actor in X-Kanban-Forwarded-Actor")
        }
        var context = context
        context.actor = actor
        context.isAdministrator = configuration.requiresSignIn ? people.isAdministrator(actor) : true
        context.isForwarded = true
        return try await next(request, context)
    }

    /// Requests that need no token: signing in and the API's description.
    static func isOpen(_ method: HTTPRequest.Method, _ path: String) -> Bool {
        (method == .post && path == "/api/session") || (method == .get && path == "/api/openapi.yaml")
    }

    /// Whether `request` has no body: no `Transfer-Encoding` and no `Content-Length` but 0.
    static func hasNoBody(_ request: Request) -> Bool {
        request.headers[.transferEncoding] == nil && (request.headers[.contentLength].map { $0 == "0" } ?? true)
    }

    /// Methods that change something.
    static func isWrite(_ method: HTTPRequest.Method) -> Bool {
        method != .get && method != .head && method != .options
    }

    /// The credential `request` sends — the token of `Authorization: Bearer …`, else the session
    /// cookie's id — and the actor it stands for (`nil` when it stands for none).
    static func actor(of request: Request, tokens: TokenFile?, sessions: SessionStore) -> (credential: String?, actor: String?) {
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            let token = String(authorization.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
            return (token, tokens?.actor(for: token))
        }
        guard let session = request.cookies[sessionCookie]?.value else { return (nil, nil) }
        return (session, sessions.actor(for: session))
    }

    /// For a wrong `credential` from `address`: the 429 (with `Retry-After`, after
    /// ``TokenGuessThrottle/hold``) when the address or the credential is throttled; else counts
    /// the failure and returns `nil` (the caller answers 401).
    static func refuseGuess(_ credential: String, from address: String, guesses: TokenGuessThrottle) async -> Response? {
        guard let seconds = guesses.wait(address: address, token: credential) else {
            guesses.failed(address: address, token: credential)
            return nil
        }
        try? await Task.sleep(for: TokenGuessThrottle.hold)
        var response = JSONResponse.error(APIError(.tooManyRequests, "too many wrong tokens from this address or for this token: try again in \(seconds) s"))
        response.headers[.retryAfter] = String(seconds)
        return response
    }

    /// Whether `authority` names this server: a loopback name or address, the address it
    /// listens on, an allowed host, or any name when it listens on every interface with tokens
    /// and no allowed hosts.
    func answersTo(_ authority: HostAuthority) -> Bool {
        if authority.isLoopback { return true }
        if HostAuthority(listeningOn: configuration.host)?.host == authority.host { return true }
        if configuration.allowedHosts.contains(where: { HostAuthority($0)?.host == authority.host }) { return true }
        // Listening on every interface with sign-in: the credentials guard it, any name may reach it.
        return !ServerConfiguration.isLoopback(configuration.host) && (configuration.host == "0.0.0.0" || configuration.host == "::")
            && configuration.allowedHosts.isEmpty
    }

    /// `text` cut to 100 characters with control characters escaped, for an error line.
    static func printable(_ text: String) -> String {
        String(text.prefix(100).unicodeScalars.map { $0.properties.generalCategory == .control ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined())
    }

    /// Whether a browser's `Origin` is this server as reached through `host`.
    private func isSameOrigin(_ origin: String, host: String) -> Bool {
        origin.lowercased() == "http://\(host.lowercased())" || origin.lowercased() == "https://\(host.lowercased())"
    }
}
