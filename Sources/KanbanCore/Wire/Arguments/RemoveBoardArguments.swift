/// `removeBoard`: Remove an empty board: `board`.
public struct RemoveBoardArguments: CommandArguments, Equatable {
    public static let name = "removeBoard"

    public var board: String

    public init?(_ command: Command, newID: Identifier?) {
        guard case .removeBoard(let board) = command else { return nil }
        self.board = board
    }

    public func command() -> Command {
        .removeBoard(board: board)
    }
}
