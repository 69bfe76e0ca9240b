/// What adding a card at the end of a column needs to know, and nothing more: the boards and
/// their columns, each column's card count and last order key, the strict limits, and the last
/// event covered.
///
/// The engine keeps one in the write transaction of its commands, so that a process that only
/// adds a card decides on it (``Decider/addCard(board:title:description:due:column:in:ids:)``)
/// instead of decoding every live card. Like a snapshot it is a cache of the log: one that
/// does not end where the log ends is not used, and `verify` compares it with the replay.
public struct BoardOutline: Sendable, Equatable {
    /// The boards and columns, with no cards and no undo stacks; its last sequence is the
    /// outline's.
    public internal(set) var boards: KanbanState
    /// The timestamp of the last event covered.
    public internal(set) var lastTimestamp: Timestamp
    /// The end of every column that holds a card (a column not here is empty).
    public internal(set) var ends: [ColumnID: ColumnEnd]
    /// The limit of every column whose limit is strict (an add must not go over it).
    public internal(set) var strictLimits: [ColumnID: Int]

    /// The outline of `state`, whose last event has `lastTimestamp`. Reads each column's order:
    /// build the state's order index first (``KanbanState/buildOrderIndex()``), or this sorts.
    public init(of state: KanbanState, lastTimestamp: Timestamp) {
        var boards = KanbanState()
        boards.lastSequence = state.lastSequence
        boards.boardsCreated = state.boardsCreated
        boards.boards = state.boards
        boards.boardOrder = state.boardOrder
        boards.columns = state.columns
        self.boards = boards
        self.lastTimestamp = lastTimestamp
        var ends: [ColumnID: ColumnEnd] = [:]
        for column in state.columns.keys {
            let order = state.order(of: column)
            if let last = order.last { ends[column] = ColumnEnd(count: order.count, lastKey: last.key) }
        }
        self.ends = ends
        strictLimits = Self.strictLimits(of: state)
    }

    init(boards: KanbanState, lastTimestamp: Timestamp, ends: [ColumnID: ColumnEnd], strictLimits: [ColumnID: Int] = [:]) {
        self.boards = boards
        self.lastTimestamp = lastTimestamp
        self.ends = ends
        self.strictLimits = strictLimits
    }

    /// The strict limits of the columns of `state`'s boards, by column.
    static func strictLimits(of state: KanbanState) -> [ColumnID: Int] {
        var limits: [ColumnID: Int] = [:]
        for (board, details) in state.boardDetails {
            for column in details.strictLimits where state.columns[column]?.board == board {
                if let limit = details.limits[column] { limits[column] = limit }
            }
        }
        return limits
    }

    /// The sequence number of the last event covered.
    public var lastSequence: UInt64 { boards.lastSequence }

    /// The end of `column`.
    public func end(of column: ColumnID) -> ColumnEnd {
        ends[column] ?? .empty
    }

    /// Follows `event`, a card added at the end of a column of the outline (what
    /// ``Decider/addCard(board:title:description:due:column:in:ids:)`` decides), appended next.
    public mutating func recordAdded(_ event: RecordedEvent) {
        guard case .cardAdded(let added) = event.payload else { return }
        var end = self.end(of: added.card.column)
        end.count += 1
        end.lastKey = end.lastKey.map { max($0, added.card.key) } ?? added.card.key
        ends[added.card.column] = end
        boards.lastSequence = event.sequence
        lastTimestamp = max(lastTimestamp, event.timestamp)
    }

    public static func == (lhs: BoardOutline, rhs: BoardOutline) -> Bool {
        lhs.lastSequence == rhs.lastSequence
            && lhs.lastTimestamp == rhs.lastTimestamp
            && lhs.ends == rhs.ends
            && lhs.strictLimits == rhs.strictLimits
            && lhs.boards.boardsCreated == rhs.boards.boardsCreated
            && lhs.boards.boardOrder == rhs.boards.boardOrder
            && lhs.boards.boards == rhs.boards.boards
            && lhs.boards.columns == rhs.boards.columns
    }
}
