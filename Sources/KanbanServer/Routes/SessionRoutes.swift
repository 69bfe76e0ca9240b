import HTTPTypes
import Hummingbird
import Kanban

/// `/api/session`: sign in with a token (for the browser, whose EventSource cannot send an
/// `Authorization` header): `POST {"token"}` starts a session and sets an HttpOnly,
/// SameSite=Strict cookie holding its random id (never the token, see ``SessionStore``); `GET`
/// says who you are; `DELETE` signs out, ending the session. Wrong tokens are throttled with the
/// bearer tokens' (``TokenGuessThrottle``); a right one always signs in.
struct SessionRoutes {
    let tokens: TokenFile?
    /// Whether requests need a credential (a token file or a sign-in provider).
    let signInRequired: Bool
    let people: SignedInPeople
    let sessions: SessionStore
    let guesses: TokenGuessThrottle

    /// `{"actor", "tokens", "administrator"}`.
    struct SessionOutput: Encodable, Sendable {
        var actor: String
        /// Whether requests need a credential: a token, or a session from signing in.
        var tokens: Bool
        /// Whether the actor administers the server (else they have their roles on boards).
        var administrator: Bool
    }

    func add(to api: RouterGroup<KanbanRequestContext>) {
        api.get("session") { _, context in
            try JSONResponse.make(SessionOutput(actor: context.actor, tokens: signInRequired, administrator: context.isAdministrator))
        }
        api.post("session") { request, context in
            let (body, _) = try await RequestBody.decode(SessionBody.self, from: request, context: context)
            guard let tokens else { throw APIError(.badRequest, "this server takes no tokens: no sign-in is needed") }
            guard let actor = tokens.actor(for: body.token) else {
                if let refusal = await AccessMiddleware.refuseGuess(body.token, from: context.clientAddress, guesses: guesses) { return refusal }
                throw APIError(.unauthorized, "unknown token")
            }
            let session = sessions.start(actor: actor)
            var response = try JSONResponse.make(SessionOutput(actor: actor, tokens: true, administrator: people.isAdministrator(actor)))
            let maxAge = SessionStore.lifetime.components.seconds
            response.headers[.setCookie] = "\(AccessMiddleware.sessionCookie)=\(session); Path=/; HttpOnly; SameSite=Strict; Max-Age=\(maxAge)"
            return response
        }
        api.delete("session") { request, context in
            if let session = request.cookies[AccessMiddleware.sessionCookie]?.value { sessions.end(session) }
            var response = try JSONResponse.make(SessionOutput(actor: context.actor, tokens: signInRequired, administrator: context.isAdministrator))
            response.headers[.setCookie] = "\(AccessMiddleware.sessionCookie)=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"
            return response
        }
    }
}
