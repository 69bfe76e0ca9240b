import KanbanCore
import LMDBStorage
import Synchronization

/// An engine's LMDB log as a ``LogStore``: the same `events` database, read and appended in
/// the engine's own transactions (so an append gets its audit leaves and history entries in
/// the transaction that appends it, as the engine's do). The engine itself does not write
/// through this store; appending here is like another process appending to the database.
///
/// Positions are LMDB's sequence numbers: global and gapless, so an append must take the log's
/// next ones. Expected heads are checked inside the write transaction, which holds LMDB's
/// writer lock: a conflict means the writer decided on a view older than the transaction.
/// A board's `seq` is its events' ordinal in the log; heads are counted by scanning the log
/// once and then only what was appended since, while ``LogReading/forEach(board:afterSeq:)``
/// scans the whole log (a per-board index in ``HistoryIndex`` can make it direct later).
///
/// Idempotency answers and sync positions are the engine's own stores (``IdempotencyStore``,
/// ``SyncStore``), written in the same write transaction as the appends. Answers are kept by
/// actor and key, as the engine keeps them (the board is not part of the key), so the engine
/// and this store find each other's answers; a write made here creates both databases.
///
/// For example:
///
/// ```swift
/// let store = LMDBLogStore(engine: try KanbanEngine(path: "kanban.db"))
/// let heads = try store.read { try $0.heads() }
/// ```
public final class LMDBLogStore: LogStore {
    /// The engine whose log this is.
    public let engine: KanbanEngine
    /// The heads counted so far: a prefix of every view at least as new.
    private let counted = Mutex(BoardHeads())

    /// The store of `engine`'s log (the store does not open the environment again).
    public init(engine: KanbanEngine) {
        self.engine = engine
    }

    public func read<R>(_ body: (any LogReading) throws -> R) throws -> R {
        // Opened before the transaction: opening a database takes a transaction of its own.
        let answers = try existingAnswers()
        let sync = try engine.existingSyncStore()
        let backdated = try engine.existingBackdatedRanges()
        return try engine.read { transaction in
            try body(LMDBLogReader(store: self, answers: answers, sync: sync, backdated: backdated, transaction: transaction))
        }
    }

    @discardableResult
    public func write<R>(_ body: (any LogWriting) throws -> R) throws -> R {
        let answers = try engine.idempotencyStore()
        let sync = try engine.syncStore()
        let backdated = try engine.backdatedRanges()
        let result = try engine.write { transaction in
            try body(LMDBLogWriter(store: self, answers: answers, sync: sync, backdated: backdated, transaction: transaction))
        }
        // Committed: wake this process's followers (``wakeUps()``, the engine's `events(after:)`).
        engine.commits.signal()
        return result
    }

    /// The engine's idempotency answers when their database exists (reading does not make it).
    private func existingAnswers() throws -> IdempotencyStore? {
        do {
            guard try engine.log.environment.existingDatabase(.idempotency) != nil else { return nil }
        } catch let error as LMDBError {
            throw EngineError.from(error, path: engine.path)
        }
        return try engine.idempotencyStore()
    }

    /// The heads of the whole log as `transaction` sees it, which must hold nothing uncommitted
    /// (a read, or a write before its first append): they are kept for the next call.
    func committedHeads(in transaction: some Transaction) throws -> BoardHeads {
        var heads = try countedHeads(atMost: try engine.log.lastSequence(in: transaction))
        try engine.log.forEachRaw(after: heads.position, in: transaction) { position, bytes in
            _ = heads.count(try Self.board(of: bytes, at: position), at: position)
            return true
        }
        counted.withLock { if $0.position < heads.position { $0 = heads } }
        return heads
    }

    /// Calls `body` with each entry after `position`, with its `seq`, until it returns `false`.
    func forEachEntry(after position: UInt64, in transaction: some Transaction, _ body: (LogEntry) throws -> Bool) throws {
        var heads = try countedHeads(atMost: position)
        try engine.log.forEachRaw(after: heads.position, in: transaction) { current, bytes in
            let board = try Self.board(of: bytes, at: current)
            let seq = heads.count(board, at: current)
            guard current > position else { return true }
            return try body(LogEntry(position: current, board: board, seq: seq, bytes: Array(bytes)))
        }
    }

    /// The heads counted so far when they end at or before `position`, else none (count from the start).
    private func countedHeads(atMost position: UInt64) throws -> BoardHeads {
        let heads = counted.withLock { $0 }
        return heads.position <= position ? heads : BoardHeads()
    }

    /// The board an event's stored bytes name.
    static func board(of bytes: UnsafeRawBufferPointer, at position: UInt64) throws -> BoardID {
        guard let board = EventCodec.peekEnvelope(bytes)?.board else {
            throw KanbanError.corruptEvent(sequence: position, reason: "the head of the event (\(bytes.count) bytes) does not decode")
        }
        return board
    }
}
