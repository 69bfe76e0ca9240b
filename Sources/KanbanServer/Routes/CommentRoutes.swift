import HTTPTypes
import Hummingbird
import Kanban
import KanbanCore

/// `/api/boards/{board}/cards/{card}/comments…`: write, change and delete comments. Only a
/// comment's author may change or delete it (403 otherwise).
struct CommentRoutes {
    let runner: CommandRunner

    func add(to api: RouterGroup<KanbanRequestContext>) {
        api.post("boards/{board}/cards/{card}/comments") { request, context in
            let board = try PathParameter.value("board", in: context)
            let card = try PathParameter.value("card", in: context)
            let (body, bytes) = try await RequestBody.decode(TextBody.self, from: request, context: context)
            let command = Command.addComment(board: board, card: card, text: body.text)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.patch("boards/{board}/cards/{card}/comments/{comment}") { request, context in
            let board = try PathParameter.value("board", in: context)
            let card = try PathParameter.value("card", in: context)
            let comment = try PathParameter.value("comment", in: context)
            let (body, bytes) = try await RequestBody.decode(TextBody.self, from: request, context: context)
            let command = Command.editComment(board: board, card: card, comment: comment, text: body.text)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.delete("boards/{board}/cards/{card}/comments/{comment}") { request, context in
            let board = try PathParameter.value("board", in: context)
            let card = try PathParameter.value("card", in: context)
            let comment = try PathParameter.value("comment", in: context)
            let command = Command.deleteComment(board: board, card: card, comment: comment)
            return try await runner.run(command, request: request, context: context, body: nil, answer: Answers.events())
        }
    }
}
