import Foundation
import HTTPTypes
import Hummingbird
import Kanban
import KanbanCore
import KanbanOutput

/// `/api/boards` and what reads or changes one board as a whole: list, make, rename, remove,
/// the board now or as of a moment, its history, diff, deleted cards and restore.
struct BoardRoutes {
    let engine: KanbanEngine
    let runner: CommandRunner
    let cache = BoardAnswerCache()

    func add(to api: RouterGroup<KanbanRequestContext>) {
        api.get("boards") { _, context in try JSONResponse.make(try engine.boardSummaries(for: context.principal)) }
        api.post("boards") { request, context in
            let (arguments, bytes) = try await RequestBody.decode(CreateBoardArguments.self, from: request, context: context)
            return try await runner.run(arguments.command(), request: request, context: context, body: bytes, answer: Answers.events(.created))
        }
        api.get("boards/{board}") { request, context in
            let name = try PathParameter.value("board", in: context)
            guard let point = try QueryValues(request: request).pointInTime("at") else { return try board(named: name) }
            let reading = try engine.timeTravel.boardReading(named: name, at: point)
            return JSONResponse.bytes(BoardJSON.encode(view: reading.view, sequence: reading.sequence))
        }
        api.patch("boards/{board}") { request, context in
            let route = try RouteArguments(path: ["board"], in: context, bodyKeys: ["to": "name"])
            let (command, bytes) = try await route.command(RenameBoardArguments.self, from: request, context: context)
            return try await runner.run(command, request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.delete("boards/{board}") { request, context in
            let command = try RouteArguments(path: ["board"], in: context).command(RemoveBoardArguments.self)
            return try await runner.run(command, request: request, context: context, body: nil, answer: Answers.events())
        }
        api.post("boards/{board}/restore") { request, context in
            let name = try PathParameter.value("board", in: context)
            let (body, bytes) = try await RequestBody.decode(RestoreBody.self, from: request, context: context)
            let point = try PointInTime(parsing: body.to)
            return try await runner.run(.restore(board: name, to: point), request: request, context: context, body: bytes, answer: Answers.events())
        }
        api.get("boards/{board}/history") { request, context in try history(request, context) }
        api.get("boards/{board}/diff") { request, context in
            let name = try PathParameter.value("board", in: context)
            let query = QueryValues(request: request)
            guard let from = try query.pointInTime("from") else { throw APIError(.badRequest, "'from' (SEQ or DATE) is required") }
            return try JSONResponse.make(DiffOutput(diff: try engine.timeTravel.diff(board: name, from: from, to: try query.pointInTime("to"))))
        }
        api.get("boards/{board}/deleted") { request, context in
            let name = try PathParameter.value("board", in: context)
            let limit = try ListPage.limit(of: request)
            let before: UInt64? = try QueryValues(request: request).integer("before", minimum: 1)
            let cards = try engine.history.deletedCards(board: name, limit: limit, before: before)
            let columnNames = try engine.withState { $0.columns.mapValues(\.name) }
            let response = try JSONResponse.make(cards.map { DeletedCardOutput(deleted: $0, columnNames: columnNames) })
            return ListPage.linkingNext(response, request: request, count: cards.count, limit: limit, cursor: "before", value: cards.last?.sequence)
        }
    }

    /// `GET /api/boards/{board}` now: the answer kept for this sequence when fresh, else made and kept.
    private func board(named name: String) throws -> Response {
        let sequence = try engine.withState { $0.lastSequence }
        if let bytes = cache.answer(board: name, sequence: sequence) { return JSONResponse.bytes(bytes) }
        let reading = try engine.timeTravel.boardReading(named: name)
        let bytes = BoardJSON.encode(view: reading.view, sequence: reading.sequence)
        cache.keep(bytes, board: name, sequence: reading.sequence)
        return JSONResponse.bytes(bytes)
    }

    /// `GET /api/boards/{board}/history?card=&actor=&since=&until=&before=&limit=&lang=`: the
    /// newest `limit` entries (default and maximum as ``ListPage``) before event `before`; a full
    /// page links the next, older one.
    private func history(_ request: Request, _ context: KanbanRequestContext) throws -> Response {
        let name = try PathParameter.value("board", in: context)
        let query = QueryValues(request: request)
        let until = try query.pointInTime("until")
        let limit = try ListPage.limit(of: request)
        var untilSequence = until?.sequence
        if let before: UInt64 = try query.integer("before", minimum: 1) {
            untilSequence = min(untilSequence ?? .max, before - 1)
        }
        let entries = try engine.history.entries(HistoryQuery(
            board: name, card: query.text("card"), actor: query.text("actor"), since: try query.start("since"),
            until: until?.moment, untilSequence: untilSequence, limit: limit, language: try query.language()
        ))
        let response = try JSONResponse.make(entries.map(HistoryEntryOutput.init(entry:)))
        return ListPage.linkingNext(response, request: request, count: entries.count, limit: limit, cursor: "before", value: entries.first?.sequence)
    }
}
