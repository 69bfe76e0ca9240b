/// A card coming onto the board, moving or leaving it, as ``FlowBuilder`` records it for the
/// per-card figures, which are computed once the whole log is known (a move undone later
/// must not count).
struct FlowStep {
    enum Kind: UInt8 {
        /// Added, brought back, or re-added by an undo or a restore.
        case placed
        /// Moved to another column.
        case moved
        /// Deleted.
        case removed
    }

    /// The card's index in the builder.
    var card: Int32
    /// The column's index in the builder; -1 for none (removed, or an unknown column).
    var column: Int32
    var kind: Kind
    /// Whether a move can count: false for an undo's compensation. A move that can count
    /// still does not when its event is undone later.
    var countable: Bool
    /// The event it comes from.
    var sequence: UInt64
    /// When, in milliseconds since 1970.
    var time: Int64
}
