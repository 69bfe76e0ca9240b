/// `renameChecklistItem`: Change a checklist item's text: `board`, `card`, `item`, `text`.
public struct RenameChecklistItemArguments: CommandArguments, Equatable {
    public static let name = "renameChecklistItem"

    public var board: String
    public var card: String
    public var item: String
    public var text: String

    public init?(_ command: Command, newID: Identifier?) {
        guard case .renameChecklistItem(let board, let card, let item, let text) = command else { return nil }
        self.board = board
        self.card = card
        self.item = item
        self.text = text
    }

    public func command() -> Command {
        .renameChecklistItem(board: board, card: card, item: item, text: text)
    }
}
