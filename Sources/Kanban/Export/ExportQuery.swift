import KanbanCore

/// Which events an export takes, in the terms a person uses: a board by its name now, moments,
/// a sequence number. Every condition given must hold; none given takes the whole log.
public struct ExportQuery: Sendable, Equatable {
    /// The board by its name now (its events from before a rename too); `nil` for every board.
    public var board: String?
    /// Only events at or after this moment.
    public var since: Timestamp?
    /// Only events at or before this moment.
    public var until: Timestamp?
    /// Only events up to this sequence number.
    public var untilSequence: UInt64?

    public init(board: String? = nil, since: Timestamp? = nil, until: Timestamp? = nil, untilSequence: UInt64? = nil) {
        self.board = board
        self.since = since
        self.until = until
        self.untilSequence = untilSequence
    }

    /// Whether the query takes every event of the log: what an import needs.
    public var isWholeLog: Bool { board == nil && since == nil && until == nil && untilSequence == nil }
}
