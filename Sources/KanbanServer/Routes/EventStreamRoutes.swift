import HTTPTypes
import Hummingbird
import Kanban
import KanbanCore
import NIOCore
import ServiceLifecycle

/// `GET /api/events?board=&after=SEQ`: every committed event after SEQ as Server-Sent Events —
/// the log first, then each commit as it lands, from this server or any other process on the
/// database. A reconnect's `Last-Event-ID` resumes right after that event, so nothing is lost
/// or repeated. Without either, the stream starts at the log's end. A comment goes out every
/// ``ServerConfiguration/heartbeat``; the stream ends when the server shuts down.
struct EventStreamRoutes {
    let engine: KanbanEngine
    let metrics: ServerMetrics
    let heartbeat: Duration

    /// How many events may wait for a slow client before its stream is ended.
    static let backlog = 4_096

    func add(to api: RouterGroup<KanbanRequestContext>) {
        api.get("events") { request, _ in try stream(request) }
    }

    private func stream(_ request: Request) throws -> Response {
        let query = QueryValues(request: request)
        let after: UInt64
        if let resume = request.headers[.lastEventID]?.trimmingCharacters(in: .whitespaces), !resume.isEmpty {
            guard let sequence = UInt64(resume) else { throw APIError(.badRequest, "Last-Event-ID must be a sequence number, not '\(resume)'") }
            after = sequence
        } else if let sequence: UInt64 = try query.integer("after") {
            after = sequence
        } else {
            after = try engine.lastSequence()
        }
        let filter = try BoardFilter(name: query.text("board"), engine: engine)
        let engine = self.engine
        let metrics = self.metrics
        let heartbeat = self.heartbeat
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[HTTPField.Name("X-Accel-Buffering")!] = "no"
        let body = ResponseBody { writer in
            metrics.changeSubscribers(by: 1)
            defer { metrics.changeSubscribers(by: -1) }
            try await writer.write(ServerSentEvent.retry(milliseconds: 1_000))
            let (chunks, sink) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream(bufferingPolicy: .bufferingOldest(Self.backlog))
            try await withGracefulShutdownHandler {
                try await Self.pump(engine: engine, after: after, filter: filter, heartbeat: heartbeat, metrics: metrics, chunks: chunks, sink: sink, to: &writer)
            } onGracefulShutdown: {
                sink.finish()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    /// Writes events (and heartbeats) through `chunks` until the client goes away, the task is
    /// cancelled or `sink` is finished (the server shutting down).
    private static func pump(
        engine: KanbanEngine, after: UInt64, filter: BoardFilter, heartbeat: Duration, metrics: ServerMetrics,
        chunks: AsyncThrowingStream<ByteBuffer, any Error>, sink: AsyncThrowingStream<ByteBuffer, any Error>.Continuation,
        to writer: inout any ResponseBodyWriter
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    for try await event in engine.events(after: after) where filter.admits(event) {
                        // A client too slow for the backlog: end the stream; it resumes from its
                        // Last-Event-ID, so nothing is lost.
                        if case .dropped = sink.yield(try ServerSentEvent.event(event)) { break }
                    }
                    sink.finish()
                } catch {
                    sink.finish(throwing: error)
                }
            }
            group.addTask {
                while !Task.isCancelled {
                    try await Task.sleep(for: heartbeat)
                    sink.yield(ServerSentEvent.comment("keep-alive"))
                }
            }
            defer { group.cancelAll() }
            for try await chunk in chunks {
                try await writer.write(chunk)
                if chunk.readableBytesView.first != UInt8(ascii: ":") { metrics.recordStreamedEvent() }
            }
        }
    }
}
