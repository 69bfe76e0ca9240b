/// `moveColumn`: Move a column: `board`, `column`, `at` (its new index).
public struct MoveColumnArguments: CommandArguments, Equatable {
    public static let name = "moveColumn"

    public var board: String
    public var column: String
    public var at: Int

    public init?(_ command: Command, newID: Identifier?) {
        guard case .moveColumn(let board, let column, let at) = command else { return nil }
        self.board = board
        self.column = column
        self.at = at
    }

    public func command() -> Command {
        .moveColumn(board: board, column: column, index: at)
    }
}
