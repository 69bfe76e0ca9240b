import Foundation
import Hummingbird
import HummingbirdTesting
import InMemoryTracing
import Kanban
import KanbanServer
import KanbanTestSupport
import Logging
import Testing
import Tracing

/// Spans, with an in-memory tracer bound to the test's task (`withTracer`) and given to the
/// engine, so tests running side by side record into their own tracers. (Inside `withTracer`
/// a closure whose only `try` is within `#expect` is taken as not throwing: hence the
/// statuses read before they are checked.)
struct TracingTests {
    /// The value of `name` among `span`'s attributes.
    private static func attribute(_ name: String, of span: FinishedInMemorySpan) -> SpanAttribute? {
        span.attributes[name]?.toSpanAttribute()
    }

    /// An application over `engine` whose requests get spans, logging errors only.
    private static func tracedApplication(_ engine: KanbanEngine) -> some ApplicationProtocol {
        let server = KanbanServer(engine: engine, configuration: ServerConfiguration(port: 0, logLevel: "error", tracing: true))
        var logger = Logger(label: "test")
        logger.logLevel = .error
        return Application(router: server.makeRouter(), logger: logger)
    }

    @Test("A move is a server span, its command's span as a child and the commit's span as the command's child")
    func moveSpans() async throws {
        let tracer = InMemoryTracer()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("server.db"), options: EngineOptions(tracer: tracer))
        let application = Self.tracedApplication(engine)
        try await withTracer(tracer) {
            try await application.test(.router) { client in
                let api = APIClient(client: client)
                let card = try #require(try await api.post("/api/boards/main/cards", #"{"title": "traced"}"#).json["id"]?.string)
                tracer.clearFinishedSpans()
                let moved = try await api.post("/api/boards/main/cards/\(card)/move", #"{"column": "doing"}"#).status
                #expect(moved == 200)
            }
        }
        let spans = tracer.finishedSpans
        let request = try #require(spans.first { $0.kind == .server })
        #expect(request.operationName == "/api/boards/{board}/cards/{card}/move")
        #expect(Self.attribute("http.response.status_code", of: request) == .int64(200))
        let command = try #require(spans.first { $0.operationName == "kanban.command moveCard" })
        #expect(command.parentSpanID == request.spanID)
        #expect(command.traceID == request.traceID)
        let commit = try #require(spans.first { $0.operationName == "kanban.commit" })
        #expect(commit.parentSpanID == command.spanID)
        #expect(commit.traceID == request.traceID)
        #expect(commit.links.isEmpty)
        #expect(Self.attribute("kanban.batch.commands", of: commit) == .int64(1))
        #expect(Self.attribute("kanban.events.appended", of: commit) == .int64(1))
        #expect(Self.attribute("kanban.batch.rejected", of: commit) == .int64(0))
    }

    @Test("A rejected command's span records its error without marking a fault; the request still has its span")
    func rejectedCommand() async throws {
        let tracer = InMemoryTracer()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let engine = try KanbanEngine(path: directory.appending("server.db"), options: EngineOptions(tracer: tracer))
        let application = Self.tracedApplication(engine)
        try await withTracer(tracer) {
            try await application.test(.router) { client in
                let api = APIClient(client: client)
                let created = try await api.post("/api/boards", #"{"name": "ops"}"#).status
                #expect(created == 201)
                tracer.clearFinishedSpans()
                let refused = try await api.post("/api/boards", #"{"name": "OPS"}"#).status
                #expect(refused == 409)
            }
        }
        let spans = tracer.finishedSpans
        let request = try #require(spans.first { $0.kind == .server })
        let command = try #require(spans.first { $0.operationName == "kanban.command createBoard" })
        #expect(command.parentSpanID == request.spanID)
        #expect(command.errors.count == 1)
        #expect(command.status == nil)
        let commit = try #require(spans.first { $0.operationName == "kanban.commit" })
        #expect(Self.attribute("kanban.batch.rejected", of: commit) == .int64(1))
    }

    @Test("Without tracing in the configuration a request starts no span")
    func offByDefault() async throws {
        let tracer = InMemoryTracer()
        try await withTracer(tracer) {
            try await ServerHarness.withServer { api, _ in
                let added = try await api.post("/api/boards/main/cards", #"{"title": "untraced"}"#).status
                #expect(added == 201)
            }
        }
        #expect(tracer.finishedSpans.allSatisfy { $0.kind != .server })
    }
}
