/// `createBoard`: `name`, and `columns` (default TODO, DOING, DONE).
public struct CreateBoardArguments: CommandArguments, Equatable {
    public static let name = "createBoard"

    public var name: String
    public var columns: [String]?

    public init?(_ command: Command, newID: Identifier?) {
        guard case .createBoard(let name, let columns) = command else { return nil }
        (self.name, self.columns) = (name, columns)
    }

    public func command() -> Command {
        .createBoard(name: name, columns: columns ?? DefaultBoard.columns)
    }
}
