import KanbanCore

extension KanbanEngine {
    /// Each board's RFC 6962 root over its events' stored bytes in log order (one pass over
    /// the log, in one read transaction): what `kanban audit root --boards` prints and what a
    /// migrated log must reproduce. A log of one board has that board's root equal to
    /// ``auditRoot(size:)``'s. With `size`, the roots of the first `size` events only.
    public func boardRoots(size: UInt64? = nil) throws -> [BoardID: AuditRoot] {
        try read { transaction in
            var builder = BoardRootsBuilder()
            try log.forEachRaw(after: 0, in: transaction) { sequence, bytes in
                if let size, sequence > size { return false }
                builder.append(board: try LMDBLogStore.board(of: bytes, at: sequence), bytes: bytes)
                return true
            }
            return builder.roots
        }
    }
}
