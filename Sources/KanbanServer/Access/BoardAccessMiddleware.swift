import Foundation
import HTTPTypes
import Hummingbird
import Kanban
import KanbanCore

/// Keeps what a person may not see out of their reach, before any route runs:
/// - a read under `/api/boards/{board}` of a board they may not read is answered as for a board
///   that does not exist (404, the same words); a write there is refused so by the engine's rule
///   (``KanbanCore/AccessRule/checkBeforeDeciding(_:by:in:)``), before it is decided;
/// - whole-log reads and writes (`/api/export`, `/api/log`, `/api/stats`, imports) need a
///   server administrator (403).
///
/// Lists across boards filter themselves (``BoardRoutes``, ``LogRoutes``, the live stream, sync
/// pulls); what each command may change is the engine's rule (``KanbanCore/AccessRule``).
struct BoardAccessMiddleware: RouterMiddleware {
    typealias Context = KanbanRequestContext

    let readable: ReadableBoards

    init(engine: KanbanEngine) {
        readable = ReadableBoards(engine: engine)
    }

    /// Paths under `/api/` only a server administrator may use.
    static let administratorPaths: Set<String> = ["export", "log", "stats", "import/trello"]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !context.isAdministrator else { return try await next(request, context) }
        let path = request.uri.path
        guard path.hasPrefix("/api/") else { return try await next(request, context) }
        let rest = path.dropFirst("/api/".count)
        if Self.administratorPaths.contains(String(rest)) {
            throw APIError(.forbidden, "only a server administrator may read or write the whole log")
        }
        let segments = rest.split(separator: "/", omittingEmptySubsequences: false)
        if !AccessMiddleware.isWrite(request.method), segments.count >= 2, segments[0] == "boards" {
            let name = String(segments[1]).removingPercentEncoding ?? String(segments[1])
            if try !readable.mayRead(name, as: context.principal) { throw KanbanError.unknownBoard(name) }
        }
        return try await next(request, context)
    }
}
