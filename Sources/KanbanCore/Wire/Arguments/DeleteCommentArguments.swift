/// `deleteComment`: Delete a comment: `board`, `card`, `comment`.
public struct DeleteCommentArguments: CommandArguments, Equatable {
    public static let name = "deleteComment"

    public var board: String
    public var card: String
    public var comment: String

    public init?(_ command: Command, newID: Identifier?) {
        guard case .deleteComment(let board, let card, let comment) = command else { return nil }
        self.board = board
        self.card = card
        self.comment = comment
    }

    public func command() -> Command {
        .deleteComment(board: board, card: card, comment: comment)
    }
}
