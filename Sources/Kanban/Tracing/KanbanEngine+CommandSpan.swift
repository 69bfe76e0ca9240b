import KanbanCore
import Tracing

extension KanbanEngine {
    /// Runs `body`, which sends `command` to the writer thread and waits for its answer, inside
    /// the command's span (`kanban.command moveCard`), a child of the task's current span
    /// (a request's). `body` gets the trace to send along for the commit's span, `nil` when the
    /// engine records no spans: then nothing is started and nothing is read.
    func withCommandSpan<Result>(_ command: Command, _ body: (CommandTrace?) async throws -> Result) async throws -> Result {
        guard let tracer else { return try await body(nil) }
        let span = tracer.startSpan(command.spanName, context: ServiceContext.current ?? .topLevel, ofKind: .internal)
        defer { span.end() }
        do {
            return try await body(CommandTrace(tracer: tracer, context: span.context))
        } catch {
            span.recordError(error)
            // A rejection is an answer, not a fault of the engine's.
            if !(error is KanbanError) { span.setStatus(SpanStatus(code: .error)) }
            throw error
        }
    }

    /// The trace of the task's current context, for a command sent without a span of its own
    /// (a synced mutation): `nil` when the engine records no spans.
    var currentTrace: CommandTrace? {
        guard let tracer else { return nil }
        return CommandTrace(tracer: tracer, context: ServiceContext.current ?? .topLevel)
    }

    /// The tracer an engine opened with `options` records its spans with: the one given, else
    /// the process's (``InstrumentationSystem``, including a `withTracer` scope around the
    /// opening); `nil` when that is the no-op tracer, so an engine without tracing pays one
    /// `nil` check per command.
    static func recordingTracer(_ options: EngineOptions) -> (any Tracer)? {
        let tracer = options.tracer ?? InstrumentationSystem.tracer
        return tracer is NoOpTracer ? nil : tracer
    }
}
