import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Sign-in with the OpenID Connect provider (``ServerConfiguration/oidc``), outside `/api`:
///
/// - `GET /auth/methods`: `{"tokens", "oidc", "login"}`, what the page offers to sign in with;
/// - `GET /auth/login`: starts a sign-in (``PendingSignIns``: `state`, `nonce`, PKCE verifier),
///   binds it to this browser with an HttpOnly `kanban_signin` cookie holding the state, and sends
///   the browser to the provider;
/// - `GET` at the redirect URL's path: the provider's answer. The state must be this browser's
///   and unused, the code is exchanged with the verifier, the ID token checked (``OIDCClient``);
///   then a session starts (``SessionStore``, the `kanban_session` cookie with the configured
///   lifetime) and the browser goes on to `/`. Any failure is a short page with its one line and
///   a link to start again; nothing is signed in.
struct SignInRoutes {
    let configuration: ServerConfiguration
    let client: OIDCClient?
    let pending: PendingSignIns
    let people: SignedInPeople
    let sessions: SessionStore

    /// The cookie that binds a sign-in under way to the browser that started it.
    static let stateCookie = "kanban_signin"

    /// `{"tokens", "oidc", "login"}`.
    struct MethodsOutput: Encodable, Sendable {
        var tokens: Bool
        var oidc: Bool
        var login: String?
    }

    func add(to router: Router<KanbanRequestContext>) {
        router.get("auth/methods") { _, _ in
            try JSONResponse.make(MethodsOutput(tokens: configuration.tokens != nil, oidc: client != nil, login: client == nil ? nil : "/auth/login"))
        }
        guard let client, let oidc = configuration.oidc else { return }
        router.get("auth/login") { _, context in
            let (state, started) = pending.start()
            do {
                let url = try await client.authorizationURL(state: state, nonce: started.nonce, verifier: started.verifier)
                var headers = HTTPFields()
                headers[.location] = url.absoluteString
                headers[.cacheControl] = "no-store"
                // Lax: the provider's redirect back is a top-level GET from another site.
                headers[.setCookie] = "\(Self.stateCookie)=\(state); Path=/auth/; HttpOnly; SameSite=Lax; Max-Age=\(PendingSignIns.lifetime.components.seconds)\(secure(oidc))"
                return Response(status: .seeOther, headers: headers)
            } catch {
                let error = OIDCError(error)
                _ = pending.take(state)
                context.logger.notice("sign-in cannot start: \(error)")
                return Self.page(status: .badGateway, error.description)
            }
        }
        router.get(RouterPath(oidc.callbackPath)) { request, context in
            do {
                return try await finish(request, oidc: oidc, client: client, context: context)
            } catch {
                let error = OIDCError(error)
                context.logger.notice("sign-in refused: \(error)")
                var response = Self.page(status: error.isUnreachable ? .badGateway : .badRequest, error.description)
                response.headers[.setCookie] = "\(Self.stateCookie)=; Path=/auth/; HttpOnly; SameSite=Lax; Max-Age=0\(secure(oidc))"
                return response
            }
        }
    }

    /// The provider's answer at the redirect URL: checked, exchanged, and a session started.
    private func finish(_ request: Request, oidc: OIDCConfiguration, client: OIDCClient, context: KanbanRequestContext) async throws(OIDCError) -> Response {
        let query = request.uri.queryParameters
        guard let state = query["state"].map(String.init), !state.isEmpty else {
            throw .refused("the provider's answer has no state; start again")
        }
        guard let bound = request.cookies[Self.stateCookie]?.value, ConstantTime.equal(bound, state) else {
            throw .refused("this sign-in was not started in this browser (its state does not match); start again")
        }
        guard let started = pending.take(state) else {
            throw .refused("this sign-in has expired or was finished already; start again")
        }
        if let error = query["error"] {
            let description = query["error_description"].map { ": \(OIDCClient.printable(String($0)))" } ?? ""
            throw .refused("the provider did not sign you in (\(OIDCClient.printable(String(error)))\(description))")
        }
        guard let code = query["code"].map(String.init), !code.isEmpty else { throw .refused("the provider's answer has no code; start again") }
        let identity = try await client.identity(code: code, verifier: started.verifier, nonce: started.nonce)
        try people.signIn(identity)
        let session = sessions.start(actor: identity.name, lifetime: .seconds(oidc.sessionSeconds))
        context.logger.info("signed in '\(identity.name)' (\(identity.isAdministrator ? "administrator" : "member")) through the provider")
        var headers = HTTPFields()
        headers[.location] = "/"
        headers[.cacheControl] = "no-store"
        headers.append(HTTPField(name: .setCookie, value: "\(AccessMiddleware.sessionCookie)=\(session); Path=/; HttpOnly; SameSite=Strict; Max-Age=\(oidc.sessionSeconds)\(secure(oidc))"))
        headers.append(HTTPField(name: .setCookie, value: "\(Self.stateCookie)=; Path=/auth/; HttpOnly; SameSite=Lax; Max-Age=0\(secure(oidc))"))
        return Response(status: .seeOther, headers: headers)
    }

    private func secure(_ oidc: OIDCConfiguration) -> String { oidc.isSecure ? "; Secure" : "" }

    /// A short page saying why sign-in failed, with a link to start again.
    static func page(status: HTTPResponse.Status, _ reason: String) -> Response {
        let escaped = reason.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <title>Sign-in failed</title></head>
            <body><h1>Sign-in failed</h1><p id="signin-failure">\(escaped)</p>
            <p><a href="/auth/login">Sign in again</a> · <a href="/">Back to the board</a></p></body></html>
            """
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[.contentSecurityPolicy] = SiteRoutes.contentSecurityPolicy
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}

extension OIDCError {
    /// `error` as a sign-in failure (a typed throw seen through an untyped closure).
    init(_ error: any Error) {
        self = error as? OIDCError ?? .unreachable("\(error)")
    }

    /// Whether the provider could not be reached (a 502), rather than refused (a 400).
    var isUnreachable: Bool {
        if case .unreachable = self { true } else { false }
    }
}
