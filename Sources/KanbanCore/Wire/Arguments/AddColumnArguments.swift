/// `addColumn`: Add a column: `board`, `name`, and `at`.
public struct AddColumnArguments: CommandArguments, Equatable {
    public static let name = "addColumn"

    public var board: String
    public var name: String
    public var at: Int?

    public init?(_ command: Command, newID: Identifier?) {
        guard case .addColumn(let board, let name, let at) = command else { return nil }
        self.board = board
        self.name = name
        self.at = at
    }

    public func command() -> Command {
        .addColumn(board: board, name: name, index: at)
    }
}
