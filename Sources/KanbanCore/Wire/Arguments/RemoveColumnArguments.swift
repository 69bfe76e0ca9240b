/// `removeColumn`: Remove an empty column: `board`, `column`.
public struct RemoveColumnArguments: CommandArguments, Equatable {
    public static let name = "removeColumn"

    public var board: String
    public var column: String

    public init?(_ command: Command, newID: Identifier?) {
        guard case .removeColumn(let board, let column) = command else { return nil }
        self.board = board
        self.column = column
    }

    public func command() -> Command {
        .removeColumn(board: board, column: column)
    }
}
