/// The flow figures of a card that reached the board's last column. Durations are in
/// milliseconds.
public struct FlowCard: Hashable, Sendable {
    public var id: CardID
    /// Its title as it was last.
    public var title: String
    /// When it first came onto the board (added, or brought back by an undo or a restore).
    public var added: Timestamp
    /// When it first arrived in the last column.
    public var completed: Timestamp
    /// From `added` to `completed`; 0 for a card added straight into the last column.
    public var lead: Int64
    /// From its first departure from the first column (or its arrival in a middle column,
    /// for a card added there) to `completed`; `nil` for a card that never worked through the
    /// board: added straight into the last column.
    public var cycle: Int64?
    /// Time spent in each column over its whole life up to the report's end (while it was
    /// on the board), in the order of ``FlowReport/columns``.
    public var inColumn: [Int64]

    public init(id: CardID, title: String, added: Timestamp, completed: Timestamp, lead: Int64, cycle: Int64?, inColumn: [Int64]) {
        self.id = id
        self.title = title
        self.added = added
        self.completed = completed
        self.lead = lead
        self.cycle = cycle
        self.inColumn = inColumn
    }
}
