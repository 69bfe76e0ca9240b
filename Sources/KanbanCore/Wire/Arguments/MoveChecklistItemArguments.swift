/// `moveChecklistItem`: Move a checklist item: `board`, `card`, `item`, `at`.
public struct MoveChecklistItemArguments: CommandArguments, Equatable {
    public static let name = "moveChecklistItem"

    public var board: String
    public var card: String
    public var item: String
    public var at: Int

    public init?(_ command: Command, newID: Identifier?) {
        guard case .moveChecklistItem(let board, let card, let item, let at) = command else { return nil }
        self.board = board
        self.card = card
        self.item = item
        self.at = at
    }

    public func command() -> Command {
        .moveChecklistItem(board: board, card: card, item: item, index: at)
    }
}
