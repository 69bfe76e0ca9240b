import KanbanCore

/// Where one of `generate`'s write transactions ends, as the workload's decider saw it: what the
/// writer stores and keeps there in place of applying the batch's events to the engine's state
/// a second time.
struct DecidedBatchEnd: Sendable {
    /// The batch's last sequence number.
    let lastSequence: UInt64
    /// The time of the last event up to it.
    let lastTimestamp: Timestamp
    /// The board outline after the batch (``OutlineCodec/encode(of:lastTimestamp:)``), saved in
    /// its transaction as every write saves it.
    let outline: [UInt8]
    /// The state after the batch, where the engine takes a snapshot (the spacing the decider
    /// applied is the engine's own, ``KanbanEngine/isSnapshotDue(at:liveCards:newest:bulk:)``)
    /// and after the last batch; `nil` elsewhere, where the engine's state stays as it was.
    let state: KanbanState?
}
