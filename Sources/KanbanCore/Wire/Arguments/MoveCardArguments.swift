/// `moveCard`: Move a card: `board`, `card`, `column`, and `at`, `before`, `after` (the card it lands just before or after, which win over `at` while in the column).
public struct MoveCardArguments: CommandArguments, Equatable {
    public static let name = "moveCard"

    public var board: String
    public var card: String
    public var column: String
    public var at: Int?
    public var before: String?
    public var after: String?

    public init?(_ command: Command, newID: Identifier?) {
        guard case .moveCard(let board, let card, let column, let at, let before, let after) = command else { return nil }
        self.board = board
        self.card = card
        self.column = column
        self.at = at
        self.before = before
        self.after = after
    }

    public func command() -> Command {
        .moveCard(board: board, card: card, column: column, index: at, before: before, after: after)
    }
}
