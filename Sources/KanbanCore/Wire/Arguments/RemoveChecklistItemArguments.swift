/// `removeChecklistItem`: Remove a checklist item: `board`, `card`, `item`.
public struct RemoveChecklistItemArguments: CommandArguments, Equatable {
    public static let name = "removeChecklistItem"

    public var board: String
    public var card: String
    public var item: String

    public init?(_ command: Command, newID: Identifier?) {
        guard case .removeChecklistItem(let board, let card, let item) = command else { return nil }
        self.board = board
        self.card = card
        self.item = item
    }

    public func command() -> Command {
        .removeChecklistItem(board: board, card: card, item: item)
    }
}
