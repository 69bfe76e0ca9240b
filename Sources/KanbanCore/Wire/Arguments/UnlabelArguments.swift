/// `unlabel`: Take a label off a card: `board`, `card`, `label`.
public struct UnlabelArguments: CommandArguments, Equatable {
    public static let name = "unlabel"

    public var board: String
    public var card: String
    public var label: String

    public init?(_ command: Command, newID: Identifier?) {
        guard case .unlabel(let board, let card, let label) = command else { return nil }
        self.board = board
        self.card = card
        self.label = label
    }

    public func command() -> Command {
        .unlabel(board: board, card: card, label: label)
    }
}
