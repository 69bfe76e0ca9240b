import Tracing

/// What the writer thread needs to tie a commit's span to a command: the engine's tracer and
/// the service context the command was sent in (its own span's, or the request's for a
/// synced mutation). Task-locals do not reach the writer thread, so the pending command
/// carries it there.
struct CommandTrace: Sendable {
    /// The tracer that records the commit's span.
    let tracer: any Tracer
    /// The context holding the span the commit's span is tied to.
    let context: ServiceContext
}
