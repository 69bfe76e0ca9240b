import KanbanCore

extension KanbanEngine {
    func boardRoots(size: UInt64? = nil) throws -> [BoardID: AuditRoot] {
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
