/// `addChecklistItem`: `board`, `card`, `text`, and `checklist`, `at`, `item` (the id the client
/// gives it, a UUID).
public struct AddChecklistItemArguments: CommandArguments, Equatable {
    public static let name = "addChecklistItem"
    public static let newIDKey: String? = "item"

    public var board: String
    public var card: String
    public var text: String
    public var checklist: String?
    public var at: Int?
    public var item: String?

    public init?(_ command: Command, newID: Identifier?) {
        guard case .addChecklistItem(let board, let card, let text, let checklist, let index) = command else { return nil }
        (self.board, self.card, self.text, self.checklist, at, item) = (board, card, text, checklist, index, newID?.description)
    }

    public var newID: String? { item }

    public func command() -> Command {
        .addChecklistItem(board: board, card: card, text: text, checklist: checklist, index: at)
    }
}
