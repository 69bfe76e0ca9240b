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
            let (command, bytes) = try await RouteArguments(path: ["board", "card"], in: context).command(AddCommentArguments.self, from: request, context: context)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.patch("boards/{board}/cards/{card}/comments/{comment}") { request, context in
            let route = try RouteArguments(path: ["board", "card", "comment"], in: context)
            let (command, bytes) = try await route.command(EditCommentArguments.self, from: request, context: context)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.delete("boards/{board}/cards/{card}/comments/{comment}") { request, context in
            let command = try RouteArguments(path: ["board", "card", "comment"], in: context).command(DeleteCommentArguments.self)
            return try await runner.run(command, request: request, context: context, body: nil, answer: Answers.events())
        }
    }
}
