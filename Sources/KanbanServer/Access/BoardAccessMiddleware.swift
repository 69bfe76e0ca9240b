import Foundation
import HTTPTypes
import Hummingbird
import Kanban
import KanbanCore

/// Keeps what a person may not see out of their reach, before any route runs:
/// - every request under `/api/boards/{board}` for a board they may not read is answered as
///   for a board that does not exist (404, the same words);
/// - whole-log reads and writes (`/api/export`, `/api/log`, `/api/stats`, imports) need a
///   server administrator (403).
///
/// Lists across boards filter themselves (``BoardRoutes``, ``LogRoutes``, the live stream, sync
/// pulls); what each command may change is the engine's rule (``KanbanCore/AccessRule``).
struct BoardAccessMiddleware: RouterMiddleware {
    typealias Context = KanbanRequestContext

    let engine: KanbanEngine

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
        if segments.count >= 2, segments[0] == "boards" {
            let name = String(segments[1]).removingPercentEncoding ?? String(segments[1])
            try checkReadable(name, as: context.principal)
        }
        return try await next(request, context)
    }

    /// Throws ``KanbanCore/KanbanError/unknownBoard(_:)`` unless board `name` exists now and
    /// `principal` may read it (a board removed since is not theirs to look back on: who could
    /// see it then is not checked), or is the default board a first write makes.
    func checkReadable(_ name: String, as principal: Principal) throws {
        try engine.withState { state in
            if let board = state.board(named: name) {
                if state.mayRead(board.id, as: principal) { return }
            } else if DefaultBoard.isPending(name, in: state) {
                return
            }
            throw KanbanError.unknownBoard(name)
        }
    }
}
