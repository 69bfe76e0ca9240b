import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// The log this engine reads and appends to (its store's).
    package var log: EventLog { store.log }
    /// The RFC 6962 Merkle tree over the log, kept in the same transactions.
    package var auditTree: MerkleTree { store.auditTree }
    /// The index of each card's events, kept in the same transactions.
    var historyIndex: HistoryIndex { store.historyIndex }
    /// Rings the subscribers of ``events(after:pollInterval:)`` after each commit (the store's
    /// signal, so its ``LMDBLogStore/wakeUps()`` hear the engine's commits too).
    var commits: CommitSignal { store.commits }

    /// Runs `body` in a read transaction of the store; storage failures become ``EngineError``.
    package func read<Result>(_ body: (ReadTransaction) throws -> Result) throws -> Result {
        try store.readTransaction(body)
    }

    /// Runs `body` in a write transaction of the store (``LMDBLogStore/writeTransaction(indexing:_:)``):
    /// committed when it returns, run again from the start when the map had to grow; what it
    /// appended gets its audit leaves and (unless `indexing` is off) its history entries in the
    /// same transaction.
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
        if indexing, !localOnly, let shared = options.sharedLog, mayWriteConditionally() {
            do {
                let result = try store.writeTransaction(indexing: true) { transaction in
                    try Self.sharedLogFailures {
                        let (end, lastEvent) = try cacheEnd(in: transaction)
                        return try shared.write(ifLogEndsAt: end, lastEvent: lastEvent) { writer in
                            try writeSharedConditionally(to: writer, exchange: exchange ?? SharedWrite(), in: transaction) { transaction in
                                do { return try body(transaction) } catch { throw BodyFailure(error: error) }
                            }
                        }
                    }
                }
                writes.withLock { $0.conditionalWrites += 1 }
                return result
            } catch let conflict as LogConflict where conflict.answered == nil {
                // Another node wrote: catch up and decide again under the claim, and claim
                // first for a while, as nodes that all write would refuse each other.
                writes.withLock { $0.conditionalWritesRefused += 1 }
                lastRefusedConditionalWrite.withLock { $0 = .now }
            }
            exchange?.restart()
        }
        // In turn with other nodes' writers (``LogStore/writeInTurn(_:)``) while writes may be
        // conditional; a conditional writer that came between the turn's claim and its write
        // refuses it, and it runs again, the last time under the claim.
        var turns = options.writesConditionally ? Self.turnAttempts : 0
        while true {
            do {
                return try store.writeTransaction(indexing: indexing) { transaction in
                    guard indexing, !localOnly, let shared = options.sharedLog else { return try body(transaction) }
                    return try Self.sharedLogFailures {
                        func write(_ writer: any LogWriting) throws -> Result {
                            try writeShared(to: writer, exchange: exchange ?? SharedWrite(), in: transaction) { transaction in
                                do { return try body(transaction) } catch { throw BodyFailure(error: error) }
                            }
                        }
                        return turns > 0 ? try shared.writeInTurn(write) : try shared.write(write)
                    }
                }
            } catch let conflict as LogConflict where conflict.answered == nil && turns > 0 {
                turns -= 1
                exchange?.restart()
            }
        }
    }

    /// How many times a write of the shared log runs in turn before it runs under the claim.
    static let turnAttempts = 3

    /// Whether a write of the shared log goes first as a conditional write
    /// (``EngineOptions/writesConditionally``): from a cache checked against the log, and not
    /// within ``conditionalPause`` of one refused.
    func mayWriteConditionally() -> Bool {
        guard options.writesConditionally, sharedCacheChecked.withLock({ $0 }) else { return false }
        guard let refused = lastRefusedConditionalWrite.withLock({ $0 }) else { return true }
        return ContinuousClock.now >= refused + Self.conditionalPause
    }

    /// How long after a conditional write was refused the node's writes claim the log first.
    static let conditionalPause = Duration.seconds(1)

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
        } catch let diverged as DivergedCache {
            throw diverged.error
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
}
