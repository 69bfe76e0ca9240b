import HTTPTypes
import Hummingbird
import Kanban
import NIOCore

/// `GET /api/export?after=SEQ&limit=N`: the log's events after `SEQ` as JSON Lines
/// (`application/x-ndjson`), one ``Kanban/ExportedEventOutput`` a line — what
/// `kanban export --format jsonl` prints, the stored bytes and leaf hash included — a page at a
/// time (``ListPage``). What `kanban clone` and `kanban sync` copy, byte for byte.
struct ExportRoutes {
    let engine: KanbanEngine

    func add(to api: RouterGroup<KanbanRequestContext>) {
        api.get("export") { request, _ in
            let after: UInt64 = try QueryValues(request: request).integer("after") ?? 0
            let limit = try ListPage.limit(of: request)
            // A copy that holds an event the shared log lost would go on from it as if it were
            // the log's: refused, so the copy says so instead of parting from the log unseen.
            if after > 0, let lost = try engine.sync.lostRange(containing: after) {
                throw APIError(
                    .conflict,
                    "positions \(lost.lowerBound)…\(lost.upperBound) of this log were lost in a failover of its shared log, "
                        + "and a copy that holds event \(after) holds events the log no longer has: make a new copy (kanban clone)"
                )
            }
            let events = try engine.export.storedEvents(after: after, limit: limit)
            var body: [UInt8] = []
            for event in events {
                body += try OutputJSON.encode(ExportedEventOutput(stored: event))
                body.append(UInt8(ascii: "\n"))
            }
            var headers = HTTPFields()
            headers[.contentType] = "application/x-ndjson; charset=utf-8"
            headers[.cacheControl] = "no-store"
            let response = Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
            return ListPage.linkingNext(response, request: request, count: events.count, limit: limit, cursor: "after", value: events.last?.event.sequence)
        }
    }
}
