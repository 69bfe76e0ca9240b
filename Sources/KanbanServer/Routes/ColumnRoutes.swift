import HTTPTypes
import Hummingbird
import Kanban
import KanbanCore

/// `/api/boards/{board}/columns…`: add, rename, move and remove a board's columns.
struct ColumnRoutes {
    let runner: CommandRunner

    func add(to api: RouterGroup<KanbanRequestContext>) {
        api.post("boards/{board}/columns") { request, context in
            let board = try PathParameter.value("board", in: context)
            let (body, bytes) = try await RequestBody.decode(NewColumnBody.self, from: request, context: context)
            let command = Command.addColumn(board: board, name: body.name, index: body.at)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events(.created))
        }
        api.patch("boards/{board}/columns/{column}") { request, context in
            let board = try PathParameter.value("board", in: context)
            let column = try PathParameter.value("column", in: context)
            let (body, bytes) = try await RequestBody.decode(NameBody.self, from: request, context: context)
            let command = Command.renameColumn(board: board, column: column, to: body.name)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.delete("boards/{board}/columns/{column}") { request, context in
            let board = try PathParameter.value("board", in: context)
            let column = try PathParameter.value("column", in: context)
            return try await runner.run(.removeColumn(board: board, column: column), request: request, context: context, body: nil, answer: Answers.events())
        }
        api.post("boards/{board}/columns/{column}/move") { request, context in
            let board = try PathParameter.value("board", in: context)
            let column = try PathParameter.value("column", in: context)
            let (body, bytes) = try await RequestBody.decode(MoveColumnBody.self, from: request, context: context)
            let command = Command.moveColumn(board: board, column: column, index: body.at)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
    }
}
