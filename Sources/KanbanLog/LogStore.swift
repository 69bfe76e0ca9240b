import KanbanCore

/// Where the event log lives: LMDB (``LMDBLogStore``) or a server (PostgreSQL, in
/// `KanbanPostgres`). Synchronous on purpose, as the engine, the command line and the writer
/// thread are; a store that waits on the network blocks the calling thread, so call it from a
/// thread of your own, never from Swift's cooperative pool.
///
/// Each board's events have a gapless `seq` (1, 2, 3, …): appends name the head they expect,
/// so two writers on one board cannot both win (``LogConflict``), on any store.
public protocol LogStore: AnyObject, Sendable {
    /// Runs `body` with a consistent view of the log.
    func read<R>(_ body: (any LogReading) throws -> R) throws -> R

    /// Runs `body` in one transaction, kept when it returns and dropped when it throws.
    /// `body` may run more than once (LMDB runs it again after growing its map): keep its
    /// effects inside the transaction.
    @discardableResult
    func write<R>(_ body: (any LogWriting) throws -> R) throws -> R

    /// Runs `body` as ``write(_:)`` does, kept only when the log still ends at `position`
    /// with `lastEvent` (its stored bytes; `nil` for an empty log) there, without claiming the
    /// log first: for a writer whose cache of the log is likely whole (the only node writing).
    /// When the log moved on, throws ``LogConflict`` (its ``LogConflict/stalePosition`` is
    /// `position + 1`) and keeps nothing: catch up, then write under the claim.
    ///
    /// On PostgreSQL the whole write is one statement, a transaction of its own, its check of
    /// the log's end first: one round trip, and the log held only while PostgreSQL runs it,
    /// not while answers cross the network. A write that cannot be one statement (it reads,
    /// or makes a new board's row) begins a transaction whose first statement is that check,
    /// as a claim.
    @discardableResult
    func write<R>(ifLogEndsAt position: UInt64, lastEvent: [UInt8]?, _ body: (any LogWriting) throws -> R) throws -> R

    /// Runs `body` as ``write(_:)`` does, as one writer's turn among several: its first call
    /// must be ``LogWriting/claimLog(after:limit:)``, and the log may be held for less of the
    /// write than under ``write(_:)``'s claim (PostgreSQL gives the turn back with the write's
    /// own statement). A writer that does not take turns may come between the claim and the
    /// write: the write then throws ``LogConflict`` and keeps nothing. By default, ``write(_:)``.
    @discardableResult
    func writeInTurn<R>(_ body: (any LogWriting) throws -> R) throws -> R

    /// Hints that boards moved, for a follower to catch up without polling every board: each
    /// element names boards whose head may have grown; an empty set means "any board may have
    /// moved: catch up everything". The first element, an empty set, comes once the stream is
    /// watching (so nothing committed after it goes unhinted), and again after the store lost
    /// track for a while (a dropped connection). The stream ends when its consumer stops
    /// iterating (cancelling the task closes what the store opened for it).
    ///
    /// A hint is only a wake-up, never the truth: hints may be lost, late, repeated or spurious.
    /// On each one, read the named boards' events by `seq` after the last one you hold
    /// (``LogReading/forEach(board:afterSeq:)``), and do not rely on a hint to skip a read.
    ///
    /// For example:
    ///
    /// ```swift
    /// for await boards in store.wakeUps() {
    ///     catchUp(boards.isEmpty ? nil : boards)   // reads by seq, on a thread of its own
    /// }
    /// ```
    func wakeUps() -> AsyncStream<Set<BoardID>>

    /// ``wakeUps()``, each hint with the log's last position after the commit it announces
    /// when the store says it (PostgreSQL's writers do): a follower whose cache reaches that
    /// position has nothing to read for it — after its own node's writes, every time.
    func wakeUpsWithPositions() -> AsyncStream<WakeUp>
}

extension LogStore {
    /// ``write(_:)``.
    @discardableResult
    public func writeInTurn<R>(_ body: (any LogWriting) throws -> R) throws -> R {
        try write(body)
    }

    /// ``wakeUps()``, no position said.
    public func wakeUpsWithPositions() -> AsyncStream<WakeUp> {
        let hints = wakeUps()
        return AsyncStream { continuation in
            let task = Task {
                for await boards in hints { continuation.yield(WakeUp(boards: boards)) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// ``write(_:)`` with the claim (``LogWriting/claimLogWithLastEvent()``) first, its
    /// position and (when the store says it) last event compared with those given.
    @discardableResult
    public func write<R>(ifLogEndsAt position: UInt64, lastEvent: [UInt8]?, _ body: (any LogWriting) throws -> R) throws -> R {
        try write { writer in
            let (claimed, last) = try writer.claimLogWithLastEvent()
            guard claimed == position, last == nil || last == lastEvent else { throw LogConflict(stalePosition: position + 1) }
            return try body(writer)
        }
    }
}
