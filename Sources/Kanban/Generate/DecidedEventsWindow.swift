import KanbanCore
import LMDBStorage

/// What the workload's decider thread reads when it decides an undo or a redo: the events it
/// decided that the writer may not have committed yet (from `start` on, in memory), and the
/// log before them, committed, each call in a read transaction of its own (the committed log
/// never changes, so calls need not share one).
struct DecidedEventsWindow: UndoSource {
    /// The decided events, by sequence number from `start`.
    let events: [RecordedEvent]
    /// The sequence number of `events[0]`; every event before it is committed.
    let start: UInt64
    let engine: KanbanEngine

    func event(at sequence: UInt64) throws -> RecordedEvent? {
        if sequence < start { return try engine.read { try engine.log.event(at: sequence, in: $0) } }
        let offset = sequence - start
        return offset < UInt64(events.count) ? events[Int(offset)] : nil
    }

    func forEachRaw(after sequence: UInt64, _ body: (UInt64, UnsafeRawBufferPointer) throws -> Bool) throws {
        if sequence < start {
            var stopped = false
            try engine.read { transaction in
                try engine.log.forEachRaw(after: sequence, in: transaction) { position, bytes in
                    guard position < start else { return false }
                    stopped = try !body(position, bytes)
                    return !stopped
                }
            }
            if stopped { return }
        }
        // The events after `sequence` among the decided ones, stored as the log stores them.
        var first: UInt64 = 0
        if sequence >= start {
            let offset = sequence - start
            guard offset < UInt64(events.count) else { return }
            first = offset + 1
        }
        guard first < UInt64(events.count) else { return }
        for event in events[Int(first)...] {
            guard try EventCodec.encode(event).withUnsafeBytes({ try body(event.sequence, $0) }) else { return }
        }
    }
}
