import HTTPTypes
import Hummingbird
import Kanban
import KanbanCore

/// A board's details: `/api/boards/{board}/members…`, `/labels/{name}` (the labels it offers,
/// with their colours) and `/columns/{column}/limit` (a column's work in progress limit, strict
/// or not).
struct BoardDetailRoutes {
    let runner: CommandRunner

    func add(to api: RouterGroup<KanbanRequestContext>) {
        api.post("boards/{board}/members") { request, context in
            let board = try PathParameter.value("board", in: context)
            let (body, bytes) = try await RequestBody.decode(PersonBody.self, from: request, context: context)
            return try await runner.run(.addMember(board: board, person: body.person), request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.delete("boards/{board}/members/{person}") { request, context in
            let board = try PathParameter.value("board", in: context)
            let person = try PathParameter.value("person", in: context)
            return try await runner.run(.removeMember(board: board, person: person), request: request, context: context, body: nil, answer: Answers.events())
        }
        api.put("boards/{board}/labels/{name}") { request, context in
            let board = try PathParameter.value("board", in: context)
            let name = try PathParameter.value("name", in: context)
            let (body, bytes) = try await RequestBody.decode(ColourBody.self, from: request, context: context)
            let command = Command.setLabel(board: board, name: name, colour: body.colour)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.delete("boards/{board}/labels/{name}") { request, context in
            let board = try PathParameter.value("board", in: context)
            let name = try PathParameter.value("name", in: context)
            let command = Command.setLabel(board: board, name: name, colour: nil)
            return try await runner.run(command, request: request, context: context, body: nil, answer: Answers.events())
        }
        api.put("boards/{board}/columns/{column}/limit") { request, context in
            let board = try PathParameter.value("board", in: context)
            let column = try PathParameter.value("column", in: context)
            let (body, bytes) = try await RequestBody.decode(ColumnLimitBody.self, from: request, context: context)
            let command: Command
            switch (body.limit, body.strict) {
            case (let limit?, true): command = .setStrictColumnLimit(board: board, column: column, limit: limit)
            case (nil, true): throw APIError(.unprocessableContent, #""strict" needs a limit: a number of cards, not null"#)
            case (let limit, false): command = .setColumnLimit(board: board, column: column, limit: limit)
            }
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
    }
}
