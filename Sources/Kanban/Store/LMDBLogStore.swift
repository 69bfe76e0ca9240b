import KanbanCore
import LMDBStorage
import Synchronization

/// An LMDB database as a ``LogStore``: the `events` database of an ``LMDBStorage/Environment``
/// and what is kept beside it in the same transactions (the audit tree, the history index,
/// idempotency answers, sync positions, backdated ranges).
///
/// Every write of the log goes through a store: the engine's own (``KanbanEngine/store``,
/// reached through ``writeTransaction(indexing:_:)``, where it decides and appends under
/// LMDB's writer lock) and a ``LogWriting`` one (``write(_:)``: a migration, a conformance
/// check, another program). Either way the appended events get their audit leaves and history
/// entries in the transaction that appends them, and this process's followers are rung once
/// it commits.
///
/// Positions are LMDB's sequence numbers: global and gapless, so an append must take the log's
/// next ones. Expected heads are checked inside the write transaction, which holds LMDB's
/// writer lock: a conflict means the writer decided on a view older than the transaction.
/// A board's `seq` is its events' ordinal in the log; heads are counted by scanning the log
/// once and then only what was appended since, while ``LogReading/forEach(board:afterSeq:)``
/// scans the whole log (a per-board index in ``HistoryIndex`` can make it direct later).
///
/// Answers are kept by actor and key, as the engine keeps them (the board is not part of the
/// key), so the engine and a ``LogWriting`` writer find each other's answers; a write through
/// ``write(_:)`` creates their databases.
///
/// For example:
///
/// ```swift
/// let store = try LMDBLogStore(path: "kanban.db")          // or `engine.store`
/// let heads = try store.read { try $0.heads() }
/// ```
public final class LMDBLogStore: LogStore {
    /// The database directory.
    public let path: String
    /// The `events` database.
    package let log: EventLog
    /// The RFC 6962 Merkle tree over the log, kept in the same transactions.
    package let auditTree: MerkleTree
    /// The index of each card's events, kept in the same transactions.
    let historyIndex: HistoryIndex
    /// Rings this process's followers after each commit of this store.
    let commits = CommitSignal()
    /// The heads counted so far: a prefix of every view at least as new.
    private let counted = Mutex(BoardHeads())

    /// Opens (creating when missing) the database directory at `path` as a store. In a process
    /// that has an engine on it, prefer the engine's ``KanbanEngine/store``: it rings the
    /// engine's followers at once, where a second store's commits are seen within their poll.
    public convenience init(path: String, options: EnvironmentOptions = EnvironmentOptions()) throws {
        let environment: Environment
        do {
            environment = try Environment.open(path: path, options: options)
        } catch let error as LMDBError {
            throw EngineError.opening(error, path: path)
        }
        try self.init(environment: environment, path: path)
    }

    /// The store of `environment`, opened at `path` (named in errors).
    package init(environment: Environment, path: String) throws {
        do {
            log = try EventLog(environment: environment)
            auditTree = try MerkleTree(environment: environment)
            historyIndex = try HistoryIndex(environment: environment)
        } catch let error as LMDBError {
            throw EngineError.opening(error, path: path)
        }
        self.path = path
    }

    /// The environment holding the log.
    package var environment: Environment { log.environment }

    public func read<R>(_ body: (any LogReading) throws -> R) throws -> R {
        // Opened before the transaction: opening a database takes a transaction of its own.
        let answers = try existingIdempotencyStore()
        let sync = try existingSyncStore()
        let backdated = try existingBackdatedRanges()
        return try readTransaction { transaction in
            try body(LMDBLogReader(store: self, answers: answers, sync: sync, backdated: backdated, transaction: transaction))
        }
    }

    @discardableResult
    public func write<R>(_ body: (any LogWriting) throws -> R) throws -> R {
        // A node's cache is written by its engine alone, in step with the shared log.
        if try storage({ try NodeMark.isMarked(environment) }) { throw SharedLogError.nodeCache(path: path) }
        let answers = try idempotencyStore()
        let sync = try syncStore()
        let backdated = try backdatedRanges()
        let result = try writeTransaction { transaction in
            try body(LMDBLogWriter(store: self, answers: answers, sync: sync, backdated: backdated, transaction: transaction))
        }
        // Committed: wake this process's followers (``wakeUps()``, the engine's `events(after:)`).
        commits.signal()
        return result
    }

    /// The heads of the whole log as `transaction` sees it, which must hold nothing uncommitted
    /// (a read, or a write before its first append): they are kept for the next call.
    func committedHeads(in transaction: some Transaction) throws -> BoardHeads {
        var heads = try countedHeads(atMost: try log.lastSequence(in: transaction))
        try log.forEachRaw(after: heads.position, in: transaction) { position, bytes in
            _ = heads.count(try Self.board(of: bytes, at: position), at: position)
            return true
        }
        counted.withLock { if $0.position < heads.position { $0 = heads } }
        return heads
    }

    /// Calls `body` with each entry after `position`, with its `seq`, until it returns `false`.
    func forEachEntry(after position: UInt64, in transaction: some Transaction, _ body: (LogEntry) throws -> Bool) throws {
        var heads = try countedHeads(atMost: position)
        try log.forEachRaw(after: heads.position, in: transaction) { current, bytes in
            let board = try Self.board(of: bytes, at: current)
            let seq = heads.count(board, at: current)
            guard current > position else { return true }
            return try body(LogEntry(position: current, board: board, seq: seq, bytes: Array(bytes)))
        }
    }

    /// Drops the heads counted so far: the log was cut back (``KanbanEngine/cutBack(of:through:in:)``),
    /// so what was counted past the cut is no prefix of the log any more.
    func forgetCountedHeads() {
        counted.withLock { $0 = BoardHeads() }
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
