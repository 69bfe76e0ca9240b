import HTTPTypes
import Hummingbird

/// Counts every request and how long its answer's head took, for `/metrics`.
struct MetricsMiddleware: RouterMiddleware {
    typealias Context = KanbanRequestContext

    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        metrics.recordRequest(
            method: request.method.rawValue, status: response.status.code, elapsed: ContinuousClock.now - start,
            forwarded: response.headers[.kanbanLogPosition] != nil
        )
        return response
    }
}
