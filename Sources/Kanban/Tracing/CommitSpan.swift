import KanbanCore
import Tracing

/// The span of one commit on the writer thread, `kanban.commit`.
///
/// Commands are group-committed: one commit carries several commands, each with its own span.
/// The commit's span is a child of the first traced command's span (so it sits inside that
/// command's trace) and links to the spans of the others, which lie in their own traces.
struct CommitSpan {
    private let span: any Span

    /// Starts the span of committing `batch`; `nil` when none of its commands was traced.
    init?(of batch: [PendingCommand]) {
        guard let first = batch.firstIndex(where: { $0.trace != nil }), let trace = batch[first].trace else { return nil }
        span = trace.tracer.startSpan("kanban.commit", context: trace.context, ofKind: .internal)
        for pending in batch[(first + 1)...] {
            if let other = pending.trace { span.addLink(SpanLink(context: other.context, attributes: [:])) }
        }
        span.attributes["kanban.batch.commands"] = batch.count
    }

    /// Ends the span with what the commit did, from each command's outcome (`nil`: left for
    /// the next batch): commands decided, rejected and deferred, events appended, and the error
    /// when the whole batch failed (nothing of it was committed).
    func end(outcomes: [Result<CommandOutcome, any Error>?]) {
        var decided = 0
        var rejected = 0
        var appended = 0
        var failure: (any Error)?
        for outcome in outcomes {
            switch outcome {
            case nil:
                continue
            case .success(let outcome):
                appended += outcome.events.count
            case .failure(let error):
                rejected += 1
                if !(error is KanbanError) && !(error is MutationSkip) { failure = error }
            }
            decided += 1
        }
        span.updateAttributes { attributes in
            // Commands that joined the batch once a shared log's turn came count too.
            attributes["kanban.batch.commands"] = outcomes.count
            attributes["kanban.batch.decided"] = decided
            attributes["kanban.batch.rejected"] = rejected
            attributes["kanban.batch.deferred"] = outcomes.count - decided
            attributes["kanban.events.appended"] = appended
        }
        if let failure {
            span.recordError(failure)
            span.setStatus(SpanStatus(code: .error))
        }
        span.end()
    }
}
