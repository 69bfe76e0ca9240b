import KanbanCore

/// Events of one board, at consecutive positions of the log, that happened before they were
/// appended (an imported history): time travel finds moments in them by when they happened.
public struct BackdatedRange: Sendable, Hashable {
    /// The board whose events they are.
    public var board: BoardID
    /// Their positions, first to last.
    public var positions: ClosedRange<UInt64>

    public init(board: BoardID, positions: ClosedRange<UInt64>) {
        self.board = board
        self.positions = positions
    }
}
