/// `removeLink`: Remove a link: `board`, `card`, `link`.
public struct RemoveLinkArguments: CommandArguments, Equatable {
    public static let name = "removeLink"

    public var board: String
    public var card: String
    public var link: String

    public init?(_ command: Command, newID: Identifier?) {
        guard case .removeLink(let board, let card, let link) = command else { return nil }
        self.board = board
        self.card = card
        self.link = link
    }

    public func command() -> Command {
        .removeLink(board: board, card: card, link: link)
    }
}
