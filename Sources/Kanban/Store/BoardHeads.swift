import KanbanCore

/// Each board's head (its number of events) in the first `position` events of an LMDB log:
/// what ``LMDBLogStore`` counts once and keeps, since the log only grows.
struct BoardHeads: Sendable {
    /// The last position counted.
    var position: UInt64 = 0
    /// Each board's events among them.
    var heads: [BoardID: UInt64] = [:]

    /// Counts the entry at `position` of `board`; returns its `seq`.
    mutating func count(_ board: BoardID, at position: UInt64) -> UInt64 {
        let seq = heads[board, default: 0] + 1
        heads[board] = seq
        self.position = position
        return seq
    }
}
