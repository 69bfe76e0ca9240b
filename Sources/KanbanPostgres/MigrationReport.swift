import Kanban
import KanbanCore

/// What ``LogMigration`` copied and each side's per-board roots.
public struct MigrationReport: Sendable, Equatable {
    /// The events copied.
    public var events: UInt64
    /// Each board's root on LMDB (over the events copied).
    public var source: [BoardID: AuditRoot]
    /// Each board's root on PostgreSQL, computed there after the copy.
    public var target: [BoardID: AuditRoot]

    /// A report of `events` copied and both sides' roots.
    public init(events: UInt64, source: [BoardID: AuditRoot], target: [BoardID: AuditRoot]) {
        self.events = events
        self.source = source
        self.target = target
    }

    /// Whether every board has the same size and root on both sides.
    public var rootsMatch: Bool { source == target }

    /// The boards whose roots differ (or that one side lacks), in id order.
    public var differingBoards: [BoardID] {
        Set(source.keys).union(target.keys).filter { source[$0] != target[$0] }.sorted()
    }

    /// Two lines per board, in id order: `lmdb BOARD-ID SIZE ROOT`, then `postgres BOARD-ID SIZE ROOT`
    /// (`- -` for a side that lacks the board).
    public var lines: [String] {
        Set(source.keys).union(target.keys).sorted().flatMap { board in
            [("lmdb", source[board]), ("postgres", target[board])].map { side, root in
                "\(side) \(board) " + (root.map { "\($0.size) \(MerkleHash.hex($0.root))" } ?? "- -")
            }
        }
    }
}
