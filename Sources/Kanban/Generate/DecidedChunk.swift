import KanbanCore

/// Decided events on their way from the workload's decider to the writer (``DecidedSteps``),
/// in order, whole steps only; where the chunk closes one of `generate`'s batches, what the
/// writer keeps there. One array a chunk, not one a step: each array the decider allocates,
/// the writer frees, from another thread's heap.
struct DecidedChunk: Sendable {
    /// The events, a step's together.
    let events: [RecordedEvent]
    /// Set when the chunk's last step closes a batch.
    let end: DecidedBatchEnd?
}
