import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// Brings an index derived from the log (the audit tree, the history index) up to the log,
    /// 100,000 events a transaction, calling `progress` after each; returns how many events it
    /// took in. `covered` reads how far the index reaches (the events it covers);
    /// `extend` takes in up to `limit` events more and returns how far it reaches then.
    func catchUpDerivedIndex(
        covered: (ReadTransaction) throws -> UInt64,
        extend: (_ limit: Int, WriteTransaction) throws -> UInt64,
        progress: (_ done: UInt64, _ total: UInt64) -> Void
    ) throws -> UInt64 {
        let (start, last) = try read { transaction in (try covered(transaction), try log.lastSequence(in: transaction)) }
        guard start < last else { return 0 }
        var done = start
        while done < last {
            // Not through `write`, whose own catch-up would take the rest in one transaction.
            do {
                done = try log.environment.write { transaction in try extend(100_000, transaction) }
            } catch let error as LMDBError {
                throw EngineError.from(error, path: path)
            }
            progress(done, last)
        }
        return done - start
    }

    /// How many events of the log an index derived from it does not cover yet; `covered` reads
    /// how far it reaches.
    func derivedIndexLag(covered: (ReadTransaction) throws -> UInt64) throws -> UInt64 {
        try read { transaction in
            let last = try log.lastSequence(in: transaction)
            let reached = try covered(transaction)
            return last > reached ? last - reached : 0
        }
    }
}
