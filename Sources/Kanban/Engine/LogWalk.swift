import LMDBStorage

/// The walking side of a two-thread replay: the log's events after a sequence, up to a
/// limit, put into a ring until it ends or the applier stops it; what went wrong, if anything.
/// Only the walking thread touches it until the applying thread has waited for its end.
final class LogWalk: @unchecked Sendable {
    let log: EventLog
    let transaction: ReadTransaction
    let after: UInt64
    let limit: UInt64
    let ring: EventRing
    var failure: (any Error)?

    init(log: EventLog, transaction: ReadTransaction, after: UInt64, limit: UInt64, ring: EventRing) {
        self.log = log
        self.transaction = transaction
        self.after = after
        self.limit = limit
        self.ring = ring
    }

    func run() {
        do {
            try log.forEachRaw(after: after, in: transaction) { sequence, bytes in
                sequence <= limit && ring.put(sequence, bytes)
            }
        } catch {
            failure = error
        }
        ring.finish()
    }
}
