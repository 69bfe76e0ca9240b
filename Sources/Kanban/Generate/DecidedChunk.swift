import KanbanCore

/// Decided steps on their way from the workload's decider to the writer (``DecidedSteps``):
/// each step's events in order, and where the chunk closes one of `generate`'s batches, what
/// the writer keeps there.
struct DecidedChunk: Sendable {
    /// The steps' events, a step's together.
    let steps: [[RecordedEvent]]
    /// How many events the steps hold.
    let events: Int
    /// Set when the chunk's last step closes a batch.
    let end: DecidedBatchEnd?
}
