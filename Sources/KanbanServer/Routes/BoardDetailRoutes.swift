import HTTPTypes
import Hummingbird
import Kanban
import KanbanCore

/// A board's details: `/api/boards/{board}/members…` (with their roles), `/visibility`,
/// `/labels/{name}` (the labels it offers,
/// with their colours) and `/columns/{column}/limit` (a column's work in progress limit, strict
/// or not).
struct BoardDetailRoutes {
    let runner: CommandRunner

    func add(to api: RouterGroup<KanbanRequestContext>) {
        api.post("boards/{board}/members") { request, context in
            let (command, bytes) = try await RouteArguments(path: ["board"], in: context).command(AddMemberArguments.self, from: request, context: context)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.put("boards/{board}/members/{person}") { request, context in
            let route = try RouteArguments(path: ["board", "person"], in: context, required: ["role"])
            let (command, bytes) = try await route.command(SetMemberRoleArguments.self, from: request, context: context)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.put("boards/{board}/visibility") { request, context in
            let route = try RouteArguments(path: ["board"], in: context, required: ["visibility"])
            let (command, bytes) = try await route.command(SetVisibilityArguments.self, from: request, context: context)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.delete("boards/{board}/members/{person}") { request, context in
            let command = try RouteArguments(path: ["board", "person"], in: context).command(RemoveMemberArguments.self)
            return try await runner.run(command, request: request, context: context, body: nil, answer: Answers.events())
        }
        api.put("boards/{board}/labels/{name}") { request, context in
            let (command, bytes) = try await RouteArguments(path: ["board", "name"], in: context).command(SetLabelArguments.self, from: request, context: context)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.delete("boards/{board}/labels/{name}") { request, context in
            let command = try RouteArguments(path: ["board", "name"], in: context).command(RemoveLabelArguments.self)
            return try await runner.run(command, request: request, context: context, body: nil, answer: Answers.events())
        }
        api.put("boards/{board}/columns/{column}/limit") { request, context in
            // "limit" is required: a body without it is a 400 rather than a limit lifted by accident.
            let route = try RouteArguments(path: ["board", "column"], in: context, required: ["limit"])
            let (arguments, bytes) = try await route.decode(SetColumnLimitArguments.self, from: request, context: context)
            if arguments.strict == true, arguments.limit == nil {
                throw APIError(.unprocessableContent, #""strict" needs a limit: a number of cards, not null"#)
            }
            return try await runner.run(try arguments.command(), request: request, context: context, body: bytes, answer: Answers.events())
        }
    }
}
