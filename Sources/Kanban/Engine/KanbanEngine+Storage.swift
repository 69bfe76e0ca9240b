import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// Runs `body` in a read transaction; storage failures become ``EngineError``.
    package func read<Result>(_ body: (ReadTransaction) throws -> Result) throws -> Result {
        do {
            return try log.environment.read(body)
        } catch let error as LMDBError {
            throw EngineError.from(error, path: path)
        }
    }

    /// Runs `body` in a write transaction, committed when it returns (run again from the start
    /// when the map had to grow); storage failures become ``EngineError``. Whatever `body`
    /// appended to the log gets its leaves in the audit tree and (unless `indexing` is off, for
    /// a transaction that appends no events, such as a snapshot's) its entries in the history
    /// index in the same transaction.
    ///
    /// On an engine with a shared log, an indexing write that is not `localOnly` is a write of
    /// that log too (``writeShared(to:exchange:in:_:)``), exchanging `sharing`'s answers and
    /// mutations; its failures there throw ``SharedLogError`` and keep nothing on either side.
    func write<Result>(
        indexing: Bool = true,
        localOnly: Bool = false,
        sharing exchange: SharedWrite? = nil,
        _ body: (WriteTransaction) throws -> Result
    ) throws -> Result {
        if isOrphanedCache && indexing && !localOnly { throw SharedLogError.nodeCache(path: path) }
        do {
            return try log.environment.write { transaction in
                guard indexing, !localOnly, let shared = options.sharedLog else {
                    let result = try body(transaction)
                    try auditTree.extend(from: log, in: transaction)
                    if indexing { try historyIndex.extend(from: log, in: transaction) }
                    return result
                }
                // Indexed before the shared log commits: after that commit, only LMDB's own may fail.
                return try Self.sharedLogFailures {
                    try shared.write { writer in
                        let result = try writeShared(to: writer, exchange: exchange ?? SharedWrite(), in: transaction) { transaction in
                            do { return try body(transaction) } catch { throw BodyFailure(error: error) }
                        }
                        try auditTree.extend(from: log, in: transaction)
                        try historyIndex.extend(from: log, in: transaction)
                        return result
                    }
                }
            }
        } catch let error as LMDBError {
            throw EngineError.from(error, path: path)
        }
    }

    /// Runs `body`, a write of the shared log: a failure of the write's own body (a rejection,
    /// a refused import) is thrown as it was; LMDB's, the engine's and the seam's as they are;
    /// any other is the shared log's, and becomes ``SharedLogError/unavailable(_:)``.
    static func sharedLogFailures<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let failure as BodyFailure {
            throw failure.error
        } catch let error as LMDBError {
            throw error
        } catch let error as EngineError {
            throw error
        } catch let error as KanbanError {
            throw error
        } catch let error as SharedLogError {
            throw error
        } catch let error as LogConflict {
            throw error
        } catch let error as LogAppendError {
            throw error
        } catch {
            throw SharedLogError.unavailable(String(describing: error))
        }
    }

    /// A failure of a shared write's body, carried through the shared log's write unchanged.
    private struct BodyFailure: Error {
        let error: any Error
    }

    /// The store of idempotency answers, its database made on first use (so a log that never
    /// served a keyed request has none).
    func idempotencyStore() throws -> IdempotencyStore {
        do {
            return try IdempotencyStore(environment: log.environment)
        } catch let error as LMDBError {
            throw EngineError.from(error, path: path)
        }
    }

    /// The ranges of events that happened before they were appended, their database made on
    /// first use: for a writer that records one (in the write transaction of its events).
    func backdatedRanges() throws -> BackdatedRanges {
        do {
            return try BackdatedRanges(environment: log.environment)
        } catch let error as LMDBError {
            throw EngineError.from(error, path: path)
        }
    }

    /// The ranges of events that happened before they were appended, for reading: none when
    /// their database was never made (reading does not make it).
    func existingBackdatedRanges() throws -> BackdatedRanges {
        do {
            return try BackdatedRanges(existingIn: log.environment)
        } catch let error as LMDBError {
            throw EngineError.from(error, path: path)
        }
    }
}
