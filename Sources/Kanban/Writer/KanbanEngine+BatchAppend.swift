import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// Runs `body` in one write transaction on the write side, with a ``BatchAppend`` to decide
    /// and append through: everything it appends is kept when it returns, nothing when it throws.
    /// For importers; commands go through ``execute(_:actor:)`` and its writer thread.
    package func appendBatch<Result>(_ body: (inout BatchAppend) throws -> Result) throws -> Result {
        let ranges = try self.store.backdatedRanges()
        return try writeSide.withLock { core in
            try writeAndApply(&core, bulk: true) { core, transaction in
                try withUnsafeMutablePointer(to: &core) { pointer in
                    var batch = BatchAppend(engine: self, core: pointer, backdated: ranges, transaction: transaction, now: clock())
                    return try body(&batch)
                }
            }
        }
    }

    /// The LMDB environment of the log, for stores an importer keeps beside it (made before
    /// ``appendBatch(_:)``: a write transaction cannot make a database).
    package var environment: Environment { log.environment }
}
