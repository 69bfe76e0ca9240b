/// `removeLabel`: `board`, `name`: remove a board's label.
public struct RemoveLabelArguments: CommandArguments, Equatable {
    public static let name = "removeLabel"

    public var board: String
    public var name: String

    public init?(_ command: Command, newID: Identifier?) {
        guard case .setLabel(let board, let name, nil) = command else { return nil }
        (self.board, self.name) = (board, name)
    }

    public func command() -> Command {
        .setLabel(board: board, name: name, colour: nil)
    }
}
