import HTTPTypes
import Hummingbird
import Kanban
import KanbanCore

/// `/api/boards/{board}/cards/{card}/checklist…`: add, rename, check, move and remove a card's
/// checklist items.
struct ChecklistRoutes {
    let runner: CommandRunner

    func add(to api: RouterGroup<KanbanRequestContext>) {
        api.post("boards/{board}/cards/{card}/checklist") { request, context in
            let route = try RouteArguments(path: ["board", "card"], in: context)
            let (command, bytes) = try await route.command(AddChecklistItemArguments.self, from: request, context: context)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.patch("boards/{board}/cards/{card}/checklist/{item}") { request, context in
            let route = try RouteArguments(path: ["board", "card", "item"], in: context)
            let (body, bytes) = try await route.decode(ChecklistItemPatchBody.self, from: request, context: context)
            return try await runner.run(try body.command(), request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.delete("boards/{board}/cards/{card}/checklist/{item}") { request, context in
            let command = try RouteArguments(path: ["board", "card", "item"], in: context).command(RemoveChecklistItemArguments.self)
            return try await runner.run(command, request: request, context: context, body: nil, answer: Answers.events())
        }
    }
}
