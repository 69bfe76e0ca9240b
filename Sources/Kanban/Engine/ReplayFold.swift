import KanbanCore

/// What replay keeps beside the state as it applies events from their bytes: the newest
/// timestamp met, and how many events were applied.
struct ReplayFold {
    /// The newest timestamp of the events applied, or the one it started from.
    var lastTimestamp: Timestamp
    /// How many events were applied.
    var applied = 0

    /// Applies event `sequence`, whose bytes are `bytes`, to `state`; an event that does not
    /// decode is a corrupt log.
    mutating func apply(_ sequence: UInt64, _ bytes: UnsafeRawBufferPointer, to state: inout KanbanState) throws(KanbanError) {
        do throws(EventDecodingError) {
            lastTimestamp = max(lastTimestamp, try state.apply(encoded: bytes, sequence: sequence))
        } catch {
            throw KanbanError.corruptEvent(sequence: sequence, reason: error.description)
        }
        applied += 1
    }
}
