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
            let (command, bytes) = try await RouteArguments(path: ["board"], in: context).command(AddCardArguments.self, from: request, context: context)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.cardCreated)
        }
        api.patch("boards/{board}/cards/{card}") { request, context in
            let (body, bytes) = try await RouteArguments(path: ["board", "card"], in: context).decode(CardPatchBody.self, from: request, context: context)
            return try await runner.run(try body.command(), request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.delete("boards/{board}/cards/{card}") { request, context in
            let command = try RouteArguments(path: ["board", "card"], in: context).command(DeleteCardArguments.self)
            return try await runner.run(command, request: request, context: context, body: nil, answer: Answers.events())
        }
        api.post("boards/{board}/cards/{card}/move") { request, context in
            let (command, bytes) = try await RouteArguments(path: ["board", "card"], in: context).command(MoveCardArguments.self, from: request, context: context)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.post("boards/{board}/cards/{card}/revive") { request, context in
            let (command, bytes) = try await RouteArguments(path: ["board", "card"], in: context).command(ReviveCardArguments.self, from: request, context: context)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
    }
}
