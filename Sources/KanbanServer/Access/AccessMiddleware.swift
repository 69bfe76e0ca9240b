import Foundation
import HTTPTypes
import Hummingbird

/// Decides who may do what before any route runs:
/// - `Host` must be a name the server answers to (so a rebound DNS name cannot reach a loopback
///   server through the user's browser), and a browser's `Origin` must be the server's own;
/// - writes must send `Content-Type: application/json` (which a plain HTML form cannot);
/// - with a token file, every `/api` request but `POST /api/session` needs a token, as a bearer
///   header or the session cookie, and acts as its actor; without one, the actor is
///   `X-Kanban-Actor`, else `web`.
struct AccessMiddleware: RouterMiddleware {
    typealias Context = KanbanRequestContext

    let configuration: ServerConfiguration

    /// The cookie ``SessionRoutes`` sets.
    static let sessionCookie = "kanban_session"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let authority = request.headers[.hostHeader] ?? request.head.authority
        guard let host = authority, answersTo(host) else {
            throw APIError(.forbidden, "this server does not answer to host '\(authority ?? "")'")
        }
        if let origin = request.headers[.origin], !isSameOrigin(origin, host: host) {
            throw APIError(.forbidden, "requests from other sites (origin '\(origin)') are refused")
        }
        let path = request.uri.path
        guard path == "/api" || path.hasPrefix("/api/") else { return try await next(request, context) }
        if Self.isWrite(request.method) {
            let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
            guard type == "application/json" else {
                throw APIError(.unsupportedMediaType, "writes need 'Content-Type: application/json'")
            }
        }
        var context = context
        if let tokens = configuration.tokens {
            if !Self.isOpen(request.method, path) {
                guard let token = Self.token(of: request), let actor = tokens.actor(for: token) else {
                    throw APIError(.unauthorized, "a token is needed: 'Authorization: Bearer TOKEN', or sign in with POST /api/session")
                }
                context.actor = actor
            }
        } else if let actor = request.headers[.kanbanActor]?.trimmingCharacters(in: .whitespaces), !actor.isEmpty {
            context.actor = actor.removingPercentEncoding ?? actor
        }
        return try await next(request, context)
    }

    /// Requests that need no token: signing in and the API's description.
    static func isOpen(_ method: HTTPRequest.Method, _ path: String) -> Bool {
        (method == .post && path == "/api/session") || (method == .get && path == "/api/openapi.yaml")
    }

    /// Methods that change something.
    static func isWrite(_ method: HTTPRequest.Method) -> Bool {
        method != .get && method != .head && method != .options
    }

    /// The token sent as `Authorization: Bearer …` or in the session cookie.
    static func token(of request: Request) -> String? {
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            return String(authorization.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
        }
        return request.cookies[sessionCookie]?.value
    }

    /// Whether `authority` (`name[:port]`) names this server.
    func answersTo(_ authority: String) -> Bool {
        let name = Self.hostName(of: authority)
        if ServerConfiguration.isLoopback(name) { return true }
        if name == Self.hostName(of: configuration.host) { return true }
        if configuration.allowedHosts.contains(where: { $0.lowercased() == name }) { return true }
        // Listening on every interface with tokens: the tokens guard it, any name may reach it.
        return !ServerConfiguration.isLoopback(configuration.host) && (configuration.host == "0.0.0.0" || configuration.host == "::")
            && configuration.allowedHosts.isEmpty
    }

    /// Whether a browser's `Origin` is this server as reached through `host`.
    private func isSameOrigin(_ origin: String, host: String) -> Bool {
        origin.lowercased() == "http://\(host.lowercased())" || origin.lowercased() == "https://\(host.lowercased())"
    }

    /// The name part of `name[:port]` or `[v6]:port`, lowercased.
    static func hostName(of authority: String) -> String {
        let lowered = authority.lowercased()
        if lowered.hasPrefix("["), let end = lowered.firstIndex(of: "]") {
            return String(lowered[lowered.index(after: lowered.startIndex)..<end])
        }
        if lowered.filter({ $0 == ":" }).count == 1, let colon = lowered.firstIndex(of: ":") {
            return String(lowered[..<colon])
        }
        return lowered
    }
}
