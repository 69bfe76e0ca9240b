/// `renameBoard`: Rename a board: `board`, `to`.
public struct RenameBoardArguments: CommandArguments, Equatable {
    public static let name = "renameBoard"

    public var board: String
    public var to: String

    public init?(_ command: Command, newID: Identifier?) {
        guard case .renameBoard(let board, let to) = command else { return nil }
        self.board = board
        self.to = to
    }

    public func command() -> Command {
        .renameBoard(board: board, to: to)
    }
}
