import KanbanLog
import KanbanCore

/// Copies a log (an engine's LMDB log, through `LMDBLogStore`) into an empty PostgreSQL log,
/// byte for byte, and checks the copy by its per-board Merkle roots (`kanban migrate`).
///
/// Each event keeps its sequence number as its position (so undo targets, restore points and
/// `since` keep their meaning) and gets its board's running ordinal as its `seq`; its stored
/// bytes are copied verbatim (formats 1–5 as they are, never re-encoded), so each board's root
/// is the same on both sides by construction — and the roots are then computed on both sides
/// independently and compared. Sync clients' positions and refusals, idempotency answers and
/// backdated ranges (imported histories' times) are copied in the same transaction, so
/// offline clients go on pushing, and retries of answered requests are still answered once.
///
/// The copy is one PostgreSQL transaction: a migration that fails or is interrupted leaves
/// the target as empty as it found it, so it can be run again. Stop writers to the source
/// first; events appended meanwhile are not copied (the roots compared are those of the
/// events copied).
public enum LogMigration {
    /// Copies `source`'s log into `target`, which must hold no events
    /// (``MigrationError/targetNotEmpty(events:boards:)``), reading `pageSize` events at a
    /// time; returns both sides' roots. Blocks on PostgreSQL: see ``PostgresLogStore``'s threading rule.
    public static func run(from source: any LogStore, to target: PostgresLogStore, pageSize: Int = 1_000) throws -> MigrationReport {
        var counts = (clients: 0, answers: 0, ranges: 0)
        let copied = try target.write { writer -> UInt64 in
            let existing = try writer.heads()
            guard existing.isEmpty else {
                throw MigrationError.targetNotEmpty(events: existing.values.reduce(0, +), boards: existing.count)
            }
            let claimed = try writer.claimLog()
            var heads: [BoardID: UInt64] = [:]
            var last: UInt64 = 0
            // The log's audit tree as it is copied: its root at each page's end is kept, so a
            // node whose cache holds a prefix checks it by one root (PostgresLogTransaction.keepRoot).
            var tree = MerkleRootBuilder()
            let transaction = writer as? PostgresLogTransaction
            while true {
                let page = try source.read { reader in
                    var page: [LogEntry] = []
                    try reader.forEach(after: last) { entry in
                        page.append(entry)
                        return page.count < max(pageSize, 1)
                    }
                    return page
                }
                guard let end = page.last?.position else { break }
                var byBoard: [BoardID: [(position: UInt64, bytes: [UInt8])]] = [:]
                for entry in page {
                    byBoard[entry.board, default: []].append((entry.position, entry.bytes))
                    _ = tree.append(MerkleHash.leaf(entry.bytes))
                }
                // Ascending board order, as every writer takes them (no lock-order deadlocks).
                for (board, events) in byBoard.sorted(by: { $0.key < $1.key }) {
                    heads[board] = try writer.append(board: board, expectedHead: heads[board] ?? 0, events)
                }
                last = end
                if tree.count == end { try transaction?.keepRoot(AuditRoot(size: end, root: tree.root)) }
            }
            try writer.advanceLog(from: claimed, to: max(claimed, last))
            counts = try copyTheRest(from: source, to: writer, through: last)
            try target.advancePositions(past: last)
            return last
        }
        let roots = try source.read { reader in
            var builder = BoardRootsBuilder()
            try reader.forEach(after: 0) { entry in
                guard entry.position <= copied else { return false }
                builder.append(board: entry.board, bytes: entry.bytes)
                return true
            }
            return builder.roots
        }
        let copy = try target.read { try $0.boardRoots() }
        return MigrationReport(
            events: roots.values.reduce(0) { $0 + $1.size }, source: roots, target: copy,
            clients: counts.clients, answers: counts.answers, backdatedRanges: counts.ranges
        )
    }

    /// Copies what goes with the events through `last`: clients' positions, refusals, digests
    /// and owners,
    /// answers, backdated ranges. Returns how many of each.
    private static func copyTheRest(from source: any LogStore, to writer: any LogWriting, through last: UInt64) throws -> (clients: Int, answers: Int, ranges: Int) {
        guard let writer = writer as? PostgresLogTransaction else { return (0, 0, 0) }
        return try source.read { reader in
            let clients = try reader.clients()
            for (client, mutation) in clients.sorted(by: { $0.key < $1.key }) {
                let refusals = try reader.refusals(client: client, after: 0, limit: .max)
                try writer.setClient(client, lastMutation: mutation, refusals: refusals)
                try writer.setClientDigests(client, digests: try reader.mutationDigests(client: client), owner: try reader.owner(client: client))
            }
            let answers = try reader.answers(notBefore: Timestamp(millisecondsSinceEpoch: .min))
            for answer in answers {
                try writer.remember(answer: answer.bytes, board: answer.board, actor: answer.actor, key: answer.key, at: answer.time)
            }
            let ranges = try reader.backdatedRanges(after: 0).filter { $0.positions.upperBound <= last }
            for range in ranges { try writer.recordBackdated(range) }
            return (clients.count, answers.count, ranges.count)
        }
    }
}
