/// `editComment`: Change a comment: `board`, `card`, `comment`, `text`.
public struct EditCommentArguments: CommandArguments, Equatable {
    public static let name = "editComment"

    public var board: String
    public var card: String
    public var comment: String
    public var text: String

    public init?(_ command: Command, newID: Identifier?) {
        guard case .editComment(let board, let card, let comment, let text) = command else { return nil }
        self.board = board
        self.card = card
        self.comment = comment
        self.text = text
    }

    public func command() -> Command {
        .editComment(board: board, card: card, comment: comment, text: text)
    }
}
