/// `reviveCard`: Bring back a deleted card: `board`, `card`, and `column`, `at`.
public struct ReviveCardArguments: CommandArguments, Equatable {
    public static let name = "reviveCard"

    public var board: String
    public var card: String
    public var column: String?
    public var at: Int?

    public init?(_ command: Command, newID: Identifier?) {
        guard case .reviveCard(let board, let card, let column, let at) = command else { return nil }
        self.board = board
        self.card = card
        self.column = column
        self.at = at
    }

    public func command() -> Command {
        .reviveCard(board: board, card: card, column: column, index: at)
    }
}
