import Kanban
import KanbanCore

/// Copies an engine's LMDB log into an empty PostgreSQL log, byte for byte, and checks the
/// copy by its per-board Merkle roots (`kanban migrate`).
///
/// Each event keeps its sequence number as its position (so undo targets, restore points and
/// `since` keep their meaning) and gets its board's running ordinal as its `seq`; its stored
/// bytes are copied verbatim (formats 1–5 as they are, never re-encoded), so each board's root
/// is the same on both sides by construction — and the roots are then computed on both sides
/// independently and compared. Events only: idempotency answers, sync positions and
/// backdated ranges are not copied yet.
///
/// The copy is one PostgreSQL transaction: a migration that fails or is interrupted leaves
/// the target as empty as it found it, so it can be run again. Stop writers to the source
/// first; events appended meanwhile are not copied (the roots compared are those of the
/// events copied).
public enum LogMigration {
    /// Copies `engine`'s log into `target`, which must hold no events
    /// (``MigrationError/targetNotEmpty(events:boards:)``), reading `pageSize` events at a
    /// time; returns both sides' roots. Blocks on PostgreSQL: see ``PostgresLogStore``'s threading rule.
    public static func run(from engine: KanbanEngine, to target: PostgresLogStore, pageSize: Int = 1_000) throws -> MigrationReport {
        let copied = try target.write { writer -> UInt64 in
            let existing = try writer.heads()
            guard existing.isEmpty else {
                throw MigrationError.targetNotEmpty(events: existing.values.reduce(0, +), boards: existing.count)
            }
            let claimed = try writer.claimLog()
            var heads: [BoardID: UInt64] = [:]
            var last: UInt64 = 0
            while true {
                let page = try engine.storedEvents(after: last, limit: max(pageSize, 1))
                guard let end = page.last?.event.sequence else { break }
                var byBoard: [BoardID: [(position: UInt64, bytes: [UInt8])]] = [:]
                for stored in page { byBoard[stored.event.board, default: []].append((stored.event.sequence, stored.bytes)) }
                // Ascending board order, as every writer takes them (no lock-order deadlocks).
                for (board, events) in byBoard.sorted(by: { $0.key < $1.key }) {
                    heads[board] = try writer.append(board: board, expectedHead: heads[board] ?? 0, events)
                }
                last = end
            }
            try writer.advanceLog(from: claimed, to: max(claimed, last))
            try target.advancePositions(past: last)
            return last
        }
        let source = try engine.boardRoots(size: copied)
        let copy = try target.read { try $0.boardRoots() }
        return MigrationReport(events: source.values.reduce(0) { $0 + $1.size }, source: source, target: copy)
    }
}
