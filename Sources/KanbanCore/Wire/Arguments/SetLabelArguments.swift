/// `setLabel`: `board`, `name`, `colour`: make or recolour a board's label.
public struct SetLabelArguments: CommandArguments, Equatable {
    public static let name = "setLabel"

    public var board: String
    public var name: String
    public var colour: String

    public init?(_ command: Command, newID: Identifier?) {
        guard case .setLabel(let board, let name, let colour?) = command else { return nil }
        (self.board, self.name, self.colour) = (board, name, colour)
    }

    public func command() -> Command {
        .setLabel(board: board, name: name, colour: colour)
    }
}
