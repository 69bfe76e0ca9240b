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
}
