import HTTPTypes
import Hummingbird
import Kanban
import KanbanCore
import KanbanOutput

/// `/api/boards/{board}/cards/{card}` with everything it carries, and its assignees, labels,
/// due date's done mark and links. Comments and the checklist have routes of their own
/// (``CommentRoutes``, ``ChecklistRoutes``).
struct CardDetailRoutes {
    let engine: KanbanEngine
    let runner: CommandRunner

    func add(to api: RouterGroup<KanbanRequestContext>) {
        api.get("boards/{board}/cards/{card}") { request, context in
            let board = try PathParameter.value("board", in: context)
            let card = try PathParameter.value("card", in: context)
            if let point = try QueryValues(request: request).pointInTime("at") {
                return try JSONResponse.make(CardDetailsOutput(view: try engine.timeTravel.cardDetail(board: board, card: card, at: point)))
            }
            return try JSONResponse.make(CardDetailsOutput(view: try engine.cardDetail(board: board, card: card)))
        }
        api.post("boards/{board}/cards/{card}/assignees") { request, context in
            let (command, bytes) = try await RouteArguments(path: ["board", "card"], in: context).command(AssignArguments.self, from: request, context: context)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.delete("boards/{board}/cards/{card}/assignees/{person}") { request, context in
            let command = try RouteArguments(path: ["board", "card", "person"], in: context).command(UnassignArguments.self)
            return try await runner.run(command, request: request, context: context, body: nil, answer: Answers.events())
        }
        api.post("boards/{board}/cards/{card}/labels") { request, context in
            let (command, bytes) = try await RouteArguments(path: ["board", "card"], in: context).command(LabelArguments.self, from: request, context: context)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.delete("boards/{board}/cards/{card}/labels/{label}") { request, context in
            let command = try RouteArguments(path: ["board", "card", "label"], in: context).command(UnlabelArguments.self)
            return try await runner.run(command, request: request, context: context, body: nil, answer: Answers.events())
        }
        api.put("boards/{board}/cards/{card}/due-done") { request, context in
            let (command, bytes) = try await RouteArguments(path: ["board", "card"], in: context).command(MarkDueArguments.self, from: request, context: context)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.post("boards/{board}/cards/{card}/links") { request, context in
            let (command, bytes) = try await RouteArguments(path: ["board", "card"], in: context).command(AttachLinkArguments.self, from: request, context: context)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.delete("boards/{board}/cards/{card}/links/{link}") { request, context in
            let command = try RouteArguments(path: ["board", "card", "link"], in: context).command(RemoveLinkArguments.self)
            return try await runner.run(command, request: request, context: context, body: nil, answer: Answers.events())
        }
    }
}
