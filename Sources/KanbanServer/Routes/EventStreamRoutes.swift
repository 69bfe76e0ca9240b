import HTTPTypes
import Hummingbird
import Kanban
import KanbanCore
import NIOCore
import ServiceLifecycle

/// `GET /api/events?board=&after=SEQ`: every committed event after SEQ as Server-Sent Events —
/// the log first, then each commit as it lands, from this server or any other process on the
/// database (read and encoded once for every stream by the server's ``LiveBroadcaster``). A
/// reconnect's `Last-Event-ID` resumes right after that event, so nothing is lost or repeated.
/// Without either, the stream starts at the log's end. A comment goes out every
/// ``ServerConfiguration/heartbeat``; the stream ends when the server shuts down. With
/// `client=ID`, each push of that syncing client is acknowledged on the stream (`event: ack`).
struct EventStreamRoutes {
    let engine: KanbanEngine
    let broadcaster: LiveBroadcaster
    let acknowledgements: SyncAcknowledgements
    let metrics: ServerMetrics
    let heartbeat: Duration
    /// Whether only a client's owner may listen as it (``SyncRoutes/ownerOnly``).
    let ownerOnly: Bool

    /// How many chunks may wait for a slow client before its stream is ended (and at most
    /// ``LiveSubscriber/byteLimit`` bytes).
    static let backlog = 4_096
    /// The kernel send buffer of a stream's connection, in bytes (Linux doubles it).
    static let socketBuffer: SocketOptionValue = 64 << 10

    func add(to api: RouterGroup<KanbanRequestContext>) {
        api.get("events") { request, context in
            // A stream's kernel send buffer stays small (not the megabytes Linux grows it to), so
            // a client that never reads costs little of the server's memory or work.
            _ = context.channel.setOption(.socketOption(.so_sndbuf), value: Self.socketBuffer)
            return try stream(request, actor: context.actor, principal: context.principal, eventLoop: context.channel.eventLoop)
        }
    }

    private func stream(_ request: Request, actor: String, principal: Principal, eventLoop: any EventLoop) throws -> Response {
        let query = QueryValues(request: request)
        // Read even when Last-Event-ID wins over it: a malformed `after` is a 400 either way.
        let asked: UInt64? = try query.integer("after")
        var after: UInt64
        if let resume = request.headers[.lastEventID]?.trimmingCharacters(in: .whitespaces), !resume.isEmpty {
            guard let sequence = UInt64(resume) else { throw APIError(.badRequest, "Last-Event-ID must be a sequence number, not '\(resume)'") }
            after = sequence
        } else if let asked {
            after = asked
        } else {
            after = try engine.lastSequence()
        }
        // A starting point past the log's end (a Last-Event-ID kept across a restore from
        // backup, or from another database): what the client holds is not this log's. It is told
        // to reload with a `reset` event, and the stream goes on from the log's end.
        // So is one in a range the shared log lost in a failover
        // (``Kanban/EngineSync/mustStartOver(after:logEnd:)``): events it saw there are in no log now.
        let end = try engine.lastSequence()
        var reset: ByteBuffer?
        if try engine.sync.mustStartOver(after: after, logEnd: end) {
            reset = ServerSentEvent.reset(lastSequence: end, asked: after)
            after = end
        }
        let filter = try BoardFilter(name: query.text("board"), engine: engine, principal: principal)
        // A syncing client's stream also carries an `ack` frame after each of its pushes.
        let client = try query.text("client").map { text in
            do { return try EngineSync.checkedClient(text) } catch { throw APIError(.badRequest, "\(error)") }
        }
        if ownerOnly, let client { try engine.sync.checkOwner(of: client, actor: actor) }
        let acknowledgements = self.acknowledgements
        let start = after
        let resetEvent = reset
        let broadcaster = self.broadcaster
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
            if let resetEvent { try await writer.write(resetEvent) }
            let (subscriber, chunks) = LiveSubscriber.make(filter: filter, backlog: Self.backlog)
            if let client { acknowledgements.listen(subscriber, client: client) }
            defer { if let client { acknowledgements.forget(subscriber, client: client) } }
            try await withGracefulShutdownHandler {
                try await Self.pump(
                    broadcaster: broadcaster, subscriber: subscriber, after: start, heartbeat: heartbeat,
                    chunks: chunks, eventLoop: eventLoop, to: &writer
                )
            } onGracefulShutdown: {
                subscriber.sink.finish()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    /// Writes events (and heartbeats) through `chunks` until the client goes away, the task is
    /// cancelled or the subscriber's sink is finished (the server shutting down, or a client too
    /// slow for the backlog).
    private static func pump(
        broadcaster: LiveBroadcaster, subscriber: LiveSubscriber, after: UInt64, heartbeat: Duration,
        chunks: AsyncThrowingStream<ByteBuffer, any Error>, eventLoop: any EventLoop, to writer: inout any ResponseBodyWriter
    ) async throws {
        // Runs after the group has awaited its tasks, so after any join the catch-up made.
        defer { broadcaster.leave(subscriber) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    try await broadcaster.feed(subscriber, after: after)
                } catch {
                    subscriber.sink.finish(throwing: error)
                }
            }
            group.addTask {
                while !Task.isCancelled {
                    try await Task.sleep(for: heartbeat)
                    _ = subscriber.offer(ServerSentEvent.comment("keep-alive"))
                }
            }
            defer { group.cancelAll() }
            for try await chunk in chunks {
                subscriber.took(chunk)
                try await writer.write(chunk)
                // The write is handed to the connection's event loop and returns at once; waiting
                // for the loop to have run it keeps the writer's backpressure current, so a client
                // that does not read stops the stream at the socket's high watermark instead of
                // chunks piling up in the loop's queue.
                try await eventLoop.submit {}.get()
            }
        }
    }
}
