import HTTPTypes
import Hummingbird

/// Turns whatever a route or middleware throws into `{"error": "one line"}` with its status.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = KanbanRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return Self.answer(error, to: request, context: context)
        }
    }

    /// The answer to `request` that failed with `error`; an internal error is logged.
    static func answer(_ error: any Error, to request: Request, context: Context) -> Response {
        let answer = APIError(for: error)
        if answer.status == .internalServerError {
            context.logger.error("\(request.method) \(request.uri.path): \(error)")
        }
        return JSONResponse.error(answer)
    }
}
