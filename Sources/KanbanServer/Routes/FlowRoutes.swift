import Foundation
import Hummingbird
import Kanban
import KanbanCore
import KanbanOutput

/// `GET /api/boards/{board}/flow?since=&until=`: the board's flow metrics, as `kanban flow --json`.
struct FlowRoutes {
    let engine: KanbanEngine

    func add(to api: RouterGroup<KanbanRequestContext>) {
        api.get("boards/{board}/flow") { request, context in
            let name = try PathParameter.value("board", in: context)
            let query = QueryValues(request: request)
            let since = try query.start("since")
            let until = try query.end("until")
            return try JSONResponse.make(FlowOutput(report: try engine.history.flow(board: name, since: since, until: until)))
        }
    }
}
