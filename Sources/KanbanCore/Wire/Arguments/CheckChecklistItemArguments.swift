/// `checkChecklistItem`: Check or uncheck a checklist item: `board`, `card`, `item`, `done`.
public struct CheckChecklistItemArguments: CommandArguments, Equatable {
    public static let name = "checkChecklistItem"

    public var board: String
    public var card: String
    public var item: String
    public var done: Bool

    public init?(_ command: Command, newID: Identifier?) {
        guard case .checkChecklistItem(let board, let card, let item, let done) = command else { return nil }
        self.board = board
        self.card = card
        self.item = item
        self.done = done
    }

    public func command() -> Command {
        .checkChecklistItem(board: board, card: card, item: item, done: done)
    }
}
