/// `markDue`: Mark a card's due date done or not: `board`, `card`, `done`.
public struct MarkDueArguments: CommandArguments, Equatable {
    public static let name = "markDue"

    public var board: String
    public var card: String
    public var done: Bool

    public init?(_ command: Command, newID: Identifier?) {
        guard case .markDue(let board, let card, let done) = command else { return nil }
        self.board = board
        self.card = card
        self.done = done
    }

    public func command() -> Command {
        .markDue(board: board, card: card, done: done)
    }
}
