/// `renameColumn`: Rename a column: `board`, `column`, `to`.
public struct RenameColumnArguments: CommandArguments, Equatable {
    public static let name = "renameColumn"

    public var board: String
    public var column: String
    public var to: String

    public init?(_ command: Command, newID: Identifier?) {
        guard case .renameColumn(let board, let column, let to) = command else { return nil }
        self.board = board
        self.column = column
        self.to = to
    }

    public func command() -> Command {
        .renameColumn(board: board, column: column, to: to)
    }
}
