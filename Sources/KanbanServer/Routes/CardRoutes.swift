import Foundation
import HTTPTypes
import Hummingbird
import Kanban
import KanbanCore

/// `/api/boards/{board}/cards…`: add, edit, move, delete and bring back cards.
struct CardRoutes {
    let runner: CommandRunner

    func add(to api: RouterGroup<KanbanRequestContext>) {
        api.post("boards/{board}/cards") { request, context in
            let board = try PathParameter.value("board", in: context)
            let (body, bytes) = try await RequestBody.decode(NewCardBody.self, from: request, context: context)
            let due = try body.due.map { text throws(KanbanError) in try Due(parsing: text) }
            let command = Command.addCard(
                board: board, title: body.title, description: body.description ?? "", due: due, column: body.column, index: body.at,
                before: body.before, after: body.after
            )
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.cardCreated)
        }
        api.patch("boards/{board}/cards/{card}") { request, context in
            let board = try PathParameter.value("board", in: context)
            let card = try PathParameter.value("card", in: context)
            let (body, bytes) = try await RequestBody.decode(CardPatchBody.self, from: request, context: context)
            let due: DueUpdate? = switch body.due {
            case nil: nil
            case .some(nil): .remove
            case .some(let text?): .set(try Due(parsing: text))
            }
            let command = if let since = body.since {
                Command.editCardIfUnchanged(board: board, card: card, title: body.title, description: body.description, due: due, since: since)
            } else {
                Command.editCard(board: board, card: card, title: body.title, description: body.description, due: due)
            }
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.delete("boards/{board}/cards/{card}") { request, context in
            let board = try PathParameter.value("board", in: context)
            let card = try PathParameter.value("card", in: context)
            return try await runner.run(.deleteCard(board: board, card: card), request: request, context: context, body: nil, answer: Answers.events())
        }
        api.post("boards/{board}/cards/{card}/move") { request, context in
            let board = try PathParameter.value("board", in: context)
            let card = try PathParameter.value("card", in: context)
            let (body, bytes) = try await RequestBody.decode(MoveCardBody.self, from: request, context: context)
            let command = Command.moveCard(board: board, card: card, column: body.column, index: body.at, before: body.before, after: body.after)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.post("boards/{board}/cards/{card}/revive") { request, context in
            let board = try PathParameter.value("board", in: context)
            let card = try PathParameter.value("card", in: context)
            let (body, bytes) = try await RequestBody.decode(ReviveBody.self, from: request, context: context)
            let command = Command.reviveCard(board: board, card: card, column: body.column, index: body.at)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
    }
}
