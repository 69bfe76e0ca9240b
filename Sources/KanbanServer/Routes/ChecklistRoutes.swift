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
            let board = try PathParameter.value("board", in: context)
            let card = try PathParameter.value("card", in: context)
            let (body, bytes) = try await RequestBody.decode(NewChecklistItemBody.self, from: request, context: context)
            let command = Command.addChecklistItem(board: board, card: card, text: body.text, checklist: body.checklist, index: body.at)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.patch("boards/{board}/cards/{card}/checklist/{item}") { request, context in
            let board = try PathParameter.value("board", in: context)
            let card = try PathParameter.value("card", in: context)
            let item = try PathParameter.value("item", in: context)
            let (body, bytes) = try await RequestBody.decode(ChecklistItemPatchBody.self, from: request, context: context)
            let command = try body.command(board: board, card: card, item: item)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.delete("boards/{board}/cards/{card}/checklist/{item}") { request, context in
            let board = try PathParameter.value("board", in: context)
            let card = try PathParameter.value("card", in: context)
            let item = try PathParameter.value("item", in: context)
            let command = Command.removeChecklistItem(board: board, card: card, item: item)
            return try await runner.run(command, request: request, context: context, body: nil, answer: Answers.events())
        }
    }
}
