/// `setVisibility`: Change who may see a board: `board`, `visibility` (`open`, `members` or
/// `public`).
public struct SetVisibilityArguments: CommandArguments, Equatable {
    public static let name = "setVisibility"

    public var board: String
    public var visibility: String

    public init?(_ command: Command, newID: Identifier?) {
        guard case .setVisibility(let board, let visibility) = command else { return nil }
        (self.board, self.visibility) = (board, visibility.rawValue)
    }

    public func command() throws(KanbanError) -> Command {
        .setVisibility(board: board, visibility: try BoardVisibility(named: visibility))
    }
}
