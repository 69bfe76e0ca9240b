import KanbanCore

/// An append refused because the log moved on since the writer looked: another writer
/// appended to the board (its head is not the one expected) or took the positions offered.
/// Nothing of the refused write is kept; catch up and decide again.
public struct LogConflict: Error, Sendable, Equatable, CustomStringConvertible {
    /// The boards whose head was not the one expected, with their heads (last `seq`) now.
    public var movedHeads: [BoardID: UInt64]
    /// The first position offered that was not above the log's (LMDB) or the board's
    /// (PostgreSQL) last one, when that is why the append was refused.
    public var stalePosition: UInt64?

    /// A conflict over the moved heads, or the stale position, given.
    public init(movedHeads: [BoardID: UInt64] = [:], stalePosition: UInt64? = nil) {
        self.movedHeads = movedHeads
        self.stalePosition = stalePosition
    }

    public var description: String {
        var parts = movedHeads.sorted { $0.key < $1.key }.map { "board \($0.key) is at seq \($0.value)" }
        if let stalePosition { parts.append("position \(stalePosition) is taken") }
        return "the log moved on: " + (parts.isEmpty ? "another writer appended" : parts.joined(separator: ", "))
    }
}
