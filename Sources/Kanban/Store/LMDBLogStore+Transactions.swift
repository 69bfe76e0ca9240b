import KanbanCore
import LMDBStorage

extension LMDBLogStore {
    /// Runs `body` in a read transaction; storage failures become ``EngineError``.
    package func readTransaction<Result>(_ body: (ReadTransaction) throws -> Result) throws -> Result {
        do {
            return try environment.read(body)
        } catch let error as LMDBError {
            throw EngineError.from(error, path: path)
        }
    }

    /// Runs `body` in a write transaction, committed when it returns (run again from the start
    /// when the map had to grow); storage failures become ``EngineError``. Whatever `body`
    /// appended gets its leaves in the audit tree and (unless `indexing` is off, for a
    /// transaction that appends no events, such as a snapshot's) its entries in the history
    /// index, in the same transaction. Rings no follower: the caller does, once it has answered.
    package func writeTransaction<Result>(indexing: Bool = true, _ body: (WriteTransaction) throws -> Result) throws -> Result {
        do {
            return try environment.write { transaction in
                let result = try body(transaction)
                try indexAppended(historyToo: indexing, in: transaction)
                return result
            }
        } catch let error as LMDBError {
            throw EngineError.from(error, path: path)
        }
    }

    /// Gives what `transaction` appended so far its audit leaves and (when `historyToo`) its
    /// history entries. ``writeTransaction(indexing:_:)`` does it when its body returns; a body
    /// that must have them earlier (before another log commits) calls this, and the second
    /// pass finds nothing left to do.
    package func indexAppended(historyToo: Bool = true, in transaction: WriteTransaction) throws {
        try auditTree.extend(from: log, in: transaction)
        if historyToo { try historyIndex.extend(from: log, in: transaction) }
    }

    /// Appends `event` after the log's last one, under LMDB's writer lock: the engine's append,
    /// which decided on the log as this transaction sees it, so it takes the next position and
    /// checks no board head.
    package func append(_ event: RecordedEvent, in transaction: WriteTransaction) throws {
        try log.append(event, in: transaction)
    }

    // MARK: The stores kept beside the log

    /// The store of idempotency answers, its database made on first use (so a log that never
    /// served a keyed request has none).
    func idempotencyStore() throws -> IdempotencyStore {
        try storage { try IdempotencyStore(environment: environment) }
    }

    /// The idempotency answers when their database exists (reading does not make it).
    func existingIdempotencyStore() throws -> IdempotencyStore? {
        try storage {
            guard try environment.existingDatabase(.idempotency) != nil else { return nil }
            return try IdempotencyStore(environment: environment)
        }
    }

    /// The store of clients' positions, its database made on first use.
    func syncStore() throws -> SyncStore {
        try storage { try SyncStore(environment: environment) }
    }

    /// The store of clients' positions for reading: without its database when no client has
    /// synced yet (reading does not make it).
    func existingSyncStore() throws -> SyncStore {
        try storage { try SyncStore(existingIn: environment) }
    }

    /// The ranges of events that happened before they were appended, their database made on
    /// first use: for a writer that records one (in the write transaction of its events).
    func backdatedRanges() throws -> BackdatedRanges {
        try storage { try BackdatedRanges(environment: environment) }
    }

    /// The ranges of events that happened before they were appended, for reading: none when
    /// their database was never made (reading does not make it).
    func existingBackdatedRanges() throws -> BackdatedRanges {
        try storage { try BackdatedRanges(existingIn: environment) }
    }

    /// Runs `open`; storage failures become ``EngineError``.
    func storage<Result>(_ open: () throws -> Result) throws -> Result {
        do {
            return try open()
        } catch let error as LMDBError {
            throw EngineError.from(error, path: path)
        }
    }
}
