/// `label`: Put a label on a card: `board`, `card`, `label`.
public struct LabelArguments: CommandArguments, Equatable {
    public static let name = "label"

    public var board: String
    public var card: String
    public var label: String

    public init?(_ command: Command, newID: Identifier?) {
        guard case .label(let board, let card, let label) = command else { return nil }
        self.board = board
        self.card = card
        self.label = label
    }

    public func command() -> Command {
        .label(board: board, card: card, label: label)
    }
}
