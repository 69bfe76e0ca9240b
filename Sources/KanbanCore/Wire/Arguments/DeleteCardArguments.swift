/// `deleteCard`: Delete a card: `board`, `card`.
public struct DeleteCardArguments: CommandArguments, Equatable {
    public static let name = "deleteCard"

    public var board: String
    public var card: String

    public init?(_ command: Command, newID: Identifier?) {
        guard case .deleteCard(let board, let card) = command else { return nil }
        self.board = board
        self.card = card
    }

    public func command() -> Command {
        .deleteCard(board: board, card: card)
    }
}
