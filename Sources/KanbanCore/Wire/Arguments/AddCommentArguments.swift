/// `addComment`: `board`, `card`, `text`, and `comment` (the id the client gives it, a UUID).
public struct AddCommentArguments: CommandArguments, Equatable {
    public static let name = "addComment"
    public static let newIDKey: String? = "comment"

    public var board: String
    public var card: String
    public var text: String
    public var comment: String?

    public init?(_ command: Command, newID: Identifier?) {
        guard case .addComment(let board, let card, let text) = command else { return nil }
        (self.board, self.card, self.text, comment) = (board, card, text, newID?.description)
    }

    public var newID: String? { comment }

    public func command() -> Command {
        .addComment(board: board, card: card, text: text)
    }
}
