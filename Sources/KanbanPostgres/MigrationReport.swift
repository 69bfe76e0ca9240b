import KanbanLog
import KanbanCore

/// What ``LogMigration`` copied and each side's per-board roots.
public struct MigrationReport: Sendable, Equatable {
    /// The events copied.
    public var events: UInt64
    /// Each board's root on LMDB (over the events copied).
    public var source: [BoardID: AuditRoot]
    /// Each board's root on PostgreSQL, computed there after the copy.
    public var target: [BoardID: AuditRoot]
    /// The sync clients whose positions (and refusals) were copied.
    public var clients: Int
    /// The idempotency answers copied.
    public var answers: Int
    /// The backdated ranges (imported histories' times) copied.
    public var backdatedRanges: Int

    /// A report of `events` copied and both sides' roots.
    public init(
        events: UInt64, source: [BoardID: AuditRoot], target: [BoardID: AuditRoot],
        clients: Int = 0, answers: Int = 0, backdatedRanges: Int = 0
    ) {
        self.events = events
        self.source = source
        self.target = target
        self.clients = clients
        self.answers = answers
        self.backdatedRanges = backdatedRanges
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
