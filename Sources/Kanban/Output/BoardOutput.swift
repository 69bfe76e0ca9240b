import KanbanCore

/// A board as `kanban board --json` prints it: `{"board": name, "columns": […]}`, columns left
/// to right and cards in board order.
public struct BoardOutput: Codable, Sendable, Equatable {
    /// The board's name.
    public var board: String
    public var columns: [BoardColumnOutput]

    public init(board: String, columns: [BoardColumnOutput]) {
        self.board = board
        self.columns = columns
    }

    /// The form of `view`.
    public init(view: BoardView) {
        board = view.name
        columns = view.columns.map(BoardColumnOutput.init(view:))
    }
}
