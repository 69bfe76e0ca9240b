import KanbanCore
import LMDBStorage

/// The log as undo and redo read it: an event by its sequence number, and the stored events
/// after one. Commands read it inside their transaction (``TransactionUndoSource``); the
/// workload's decider thread reads what it decided and what is already committed
/// (``DecidedEventsWindow``).
protocol UndoSource {
    /// The event with sequence number `sequence`, or `nil` when there is none.
    func event(at sequence: UInt64) throws -> RecordedEvent?
    /// Calls `body` with each event after `sequence`, in order, as stored (``EventCodec``'s
    /// bytes), while it returns `true`.
    func forEachRaw(after sequence: UInt64, _ body: (UInt64, UnsafeRawBufferPointer) throws -> Bool) throws
}

/// The log inside a transaction.
struct TransactionUndoSource<Reading: Transaction>: UndoSource {
    let log: EventLog
    let transaction: Reading

    func event(at sequence: UInt64) throws -> RecordedEvent? {
        try log.event(at: sequence, in: transaction)
    }

    func forEachRaw(after sequence: UInt64, _ body: (UInt64, UnsafeRawBufferPointer) throws -> Bool) throws {
        try log.forEachRaw(after: sequence, in: transaction, body)
    }
}
