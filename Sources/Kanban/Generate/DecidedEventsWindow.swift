import KanbanCore
import LMDBStorage

/// What the workload's decider thread reads when it decides an undo or a redo: the events it
/// decided that the writer may not have committed yet (from `start` on, in memory), and the
/// log before them, committed, each call in a read transaction of its own (the committed log
/// never changes, so calls need not share one).
///
/// The decided events are the chunks handed to the writer, shared with it rather than copied
/// event by event, then the chunk being filled.
struct DecidedEventsWindow: UndoSource {
    /// The decided events handed to the writer, in chunks, in order, by sequence number from
    /// `start`.
    let chunks: [[RecordedEvent]]
    /// The decided events after them, not handed over yet.
    let current: [RecordedEvent]
    /// The sequence number of the first decided event; every event before it is committed.
    let start: UInt64
    let engine: KanbanEngine

    /// The decided `events`, from `start` on.
    init(events: [RecordedEvent], start: UInt64, engine: KanbanEngine) {
        self.init(chunks: [], current: events, start: start, engine: engine)
    }

    /// The decided events in `chunks`, then in `current`, from `start` on.
    init(chunks: [[RecordedEvent]], current: [RecordedEvent], start: UInt64, engine: KanbanEngine) {
        self.chunks = chunks
        self.current = current
        self.start = start
        self.engine = engine
    }

    func event(at sequence: UInt64) throws -> RecordedEvent? {
        if sequence < start { return try engine.read { try engine.log.event(at: sequence, in: $0) } }
        var offset = sequence - start
        for chunk in chunks {
            if offset < UInt64(chunk.count) { return chunk[Int(offset)] }
            offset -= UInt64(chunk.count)
        }
        return offset < UInt64(current.count) ? current[Int(offset)] : nil
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
        var skipped = sequence >= start ? sequence - start + 1 : 0
        /// The chunk's events after those skipped; `false` once `body` stopped.
        func read(_ chunk: [RecordedEvent]) throws -> Bool {
            guard skipped < UInt64(chunk.count) else {
                skipped -= UInt64(chunk.count)
                return true
            }
            for event in chunk[Int(skipped)...] {
                guard try EventCodec.encode(event).withUnsafeBytes({ try body(event.sequence, $0) }) else { return false }
            }
            skipped = 0
            return true
        }
        for chunk in chunks {
            guard try read(chunk) else { return }
        }
        _ = try read(current)
    }
}
