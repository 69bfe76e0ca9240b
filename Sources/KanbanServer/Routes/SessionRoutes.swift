import HTTPTypes
import Hummingbird
import Kanban

/// `/api/session`: sign in with a token (for the browser, whose EventSource cannot send an
/// `Authorization` header): `POST {"token"}` sets an HttpOnly, SameSite=Strict cookie holding
/// it; `GET` says who you are; `DELETE` signs out.
struct SessionRoutes {
    let tokens: TokenFile?
    let throttle = SignInThrottle()

    /// `{"actor"}`.
    struct SessionOutput: Encodable, Sendable {
        var actor: String
        var tokens: Bool
    }

    func add(to api: RouterGroup<KanbanRequestContext>) {
        api.get("session") { _, context in
            try JSONResponse.make(SessionOutput(actor: context.actor, tokens: tokens != nil))
        }
        api.post("session") { request, context in
            if let seconds = throttle.wait(for: context.clientAddress) {
                var response = JSONResponse.error(APIError(.tooManyRequests, "too many failed sign-ins from this address: try again in \(seconds) s"))
                response.headers[.retryAfter] = String(seconds)
                return response
            }
            let (body, _) = try await RequestBody.decode(SessionBody.self, from: request, context: context)
            guard let tokens else { throw APIError(.badRequest, "this server takes no tokens: no sign-in is needed") }
            guard let actor = tokens.actor(for: body.token) else {
                throttle.failed(context.clientAddress)
                throw APIError(.unauthorized, "unknown token")
            }
            var response = try JSONResponse.make(SessionOutput(actor: actor, tokens: true))
            response.headers[.setCookie] = "\(AccessMiddleware.sessionCookie)=\(body.token); Path=/; HttpOnly; SameSite=Strict; Max-Age=2592000"
            return response
        }
        api.delete("session") { _, context in
            var response = try JSONResponse.make(SessionOutput(actor: context.actor, tokens: tokens != nil))
            response.headers[.setCookie] = "\(AccessMiddleware.sessionCookie)=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"
            return response
        }
    }
}
