import HTTPTypes
import Hummingbird
import Kanban
import KanbanCore

/// `/api/boards/{board}/columns…`: add, rename, move and remove a board's columns.
struct ColumnRoutes {
    let runner: CommandRunner

    func add(to api: RouterGroup<KanbanRequestContext>) {
        api.post("boards/{board}/columns") { request, context in
            let (command, bytes) = try await RouteArguments(path: ["board"], in: context).command(AddColumnArguments.self, from: request, context: context)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events(.created))
        }
        api.patch("boards/{board}/columns/{column}") { request, context in
            let route = try RouteArguments(path: ["board", "column"], in: context, bodyKeys: ["to": "name"])
            let (command, bytes) = try await route.command(RenameColumnArguments.self, from: request, context: context)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.delete("boards/{board}/columns/{column}") { request, context in
            let command = try RouteArguments(path: ["board", "column"], in: context).command(RemoveColumnArguments.self)
            return try await runner.run(command, request: request, context: context, body: nil, answer: Answers.events())
        }
        api.post("boards/{board}/columns/{column}/move") { request, context in
            let route = try RouteArguments(path: ["board", "column"], in: context)
            let (command, bytes) = try await route.command(MoveColumnArguments.self, from: request, context: context)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
    }
}
