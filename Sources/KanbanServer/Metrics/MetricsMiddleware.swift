import HTTPTypes
import Hummingbird

/// Counts every request and how long its answer's head took, for `/metrics`.
struct MetricsMiddleware: RouterMiddleware {
    typealias Context = KanbanRequestContext

    let metrics: ServerMetrics
    /// The shared log's node secret: a write handed on with it is counted apart.
    var forwarding: WriteForwarding? = nil

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        metrics.recordRequest(
            method: request.method.rawValue, status: response.status.code, elapsed: ContinuousClock.now - start,
            forwarded: request.headers[.kanbanNodeSecret].map { shown in forwarding.map { ConstantTime.equal(shown, $0.secret) } ?? false } ?? false
        )
        return response
    }
}
