import HTTPTypes
import Hummingbird
import Kanban
import KanbanCore

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
            let board = try PathParameter.value("board", in: context)
            let card = try PathParameter.value("card", in: context)
            let (body, bytes) = try await RequestBody.decode(PersonBody.self, from: request, context: context)
            let command = Command.assign(board: board, card: card, person: body.person)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.delete("boards/{board}/cards/{card}/assignees/{person}") { request, context in
            let board = try PathParameter.value("board", in: context)
            let card = try PathParameter.value("card", in: context)
            let person = try PathParameter.value("person", in: context)
            let command = Command.unassign(board: board, card: card, person: person)
            return try await runner.run(command, request: request, context: context, body: nil, answer: Answers.events())
        }
        api.post("boards/{board}/cards/{card}/labels") { request, context in
            let board = try PathParameter.value("board", in: context)
            let card = try PathParameter.value("card", in: context)
            let (body, bytes) = try await RequestBody.decode(LabelBody.self, from: request, context: context)
            let command = Command.label(board: board, card: card, label: body.label)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.delete("boards/{board}/cards/{card}/labels/{label}") { request, context in
            let board = try PathParameter.value("board", in: context)
            let card = try PathParameter.value("card", in: context)
            let label = try PathParameter.value("label", in: context)
            let command = Command.unlabel(board: board, card: card, label: label)
            return try await runner.run(command, request: request, context: context, body: nil, answer: Answers.events())
        }
        api.put("boards/{board}/cards/{card}/due-done") { request, context in
            let board = try PathParameter.value("board", in: context)
            let card = try PathParameter.value("card", in: context)
            let (body, bytes) = try await RequestBody.decode(DueDoneBody.self, from: request, context: context)
            let command = Command.markDue(board: board, card: card, done: body.done)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.post("boards/{board}/cards/{card}/links") { request, context in
            let board = try PathParameter.value("board", in: context)
            let card = try PathParameter.value("card", in: context)
            let (body, bytes) = try await RequestBody.decode(NewLinkBody.self, from: request, context: context)
            let command = Command.attachLink(board: board, card: card, url: body.url, name: body.name)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.delete("boards/{board}/cards/{card}/links/{link}") { request, context in
            let board = try PathParameter.value("board", in: context)
            let card = try PathParameter.value("card", in: context)
            let link = try PathParameter.value("link", in: context)
            let command = Command.removeLink(board: board, card: card, link: link)
            return try await runner.run(command, request: request, context: context, body: nil, answer: Answers.events())
        }
    }
}
