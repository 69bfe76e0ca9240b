import KanbanCore
import LMDBStorage

extension LMDBLogStore {
    /// How many events one transaction of an index's catch-up covers.
    static let indexCatchUpSlice = 100_000

    /// Extends the audit tree to the end of the log, in transactions of
    /// ``indexCatchUpSlice`` events (a log written before the tree existed, or by an older
    /// version), reporting progress after each. Returns how many leaves it added.
    @discardableResult
    func catchUpAuditTree(progress: (_ done: UInt64, _ total: UInt64) -> Void = { _, _ in }) throws -> UInt64 {
        try catchUpIndex(extent: auditTree.size(in:), progress: progress) { transaction in
            try auditTree.extend(from: log, limit: Self.indexCatchUpSlice, in: transaction)
        }
    }

    /// Extends the history index to the end of the log, as ``catchUpAuditTree(progress:)``
    /// extends the tree. Returns how many events it indexed.
    @discardableResult
    func catchUpHistoryIndex(progress: (_ done: UInt64, _ total: UInt64) -> Void = { _, _ in }) throws -> UInt64 {
        try catchUpIndex(extent: historyIndex.extent(in:), progress: progress) { transaction in
            try historyIndex.extend(from: log, limit: Self.indexCatchUpSlice, in: transaction)
        }
    }

    /// How many events of the log the audit tree lacks.
    func auditTreeLag() throws -> UInt64 {
        try indexLag(extent: auditTree.size(in:))
    }

    /// How many events of the log the history index lacks.
    func historyIndexLag() throws -> UInt64 {
        try indexLag(extent: historyIndex.extent(in:))
    }

    /// Runs `extendSlice` in transactions of their own until the index's `extent` reaches the
    /// log's last event. Not through ``writeTransaction(indexing:_:)``, whose own indexing
    /// would take the rest in one transaction.
    private func catchUpIndex(
        extent: (ReadTransaction) throws -> UInt64,
        progress: (_ done: UInt64, _ total: UInt64) -> Void,
        extendSlice: (WriteTransaction) throws -> UInt64
    ) throws -> UInt64 {
        let (start, last) = try readTransaction { transaction in (try extent(transaction), try log.lastSequence(in: transaction)) }
        guard start < last else { return 0 }
        var done = start
        while done < last {
            done = try storage { try environment.write(extendSlice) }
            progress(done, last)
        }
        return done - start
    }

    private func indexLag(extent: (ReadTransaction) throws -> UInt64) throws -> UInt64 {
        try readTransaction { transaction in
            let last = try log.lastSequence(in: transaction)
            let extent = try extent(transaction)
            return last > extent ? last - extent : 0
        }
    }
}
