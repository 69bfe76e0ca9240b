import LMDBStorage

extension KanbanEngine {
    /// Runs `body` in a read transaction; storage failures become ``EngineError``.
    func read<Result>(_ body: (ReadTransaction) throws -> Result) throws -> Result {
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
    func write<Result>(indexing: Bool = true, _ body: (WriteTransaction) throws -> Result) throws -> Result {
        do {
            return try log.environment.write { transaction in
                let result = try body(transaction)
                try audit.extend(from: log, in: transaction)
                if indexing { try historyIndex.extend(from: log, in: transaction) }
                return result
            }
        } catch let error as LMDBError {
            throw EngineError.from(error, path: path)
        }
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
