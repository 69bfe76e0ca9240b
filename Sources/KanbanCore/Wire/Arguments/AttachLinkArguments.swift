/// `attachLink`: `board`, `card`, `url`, and `name`, `link` (the id the client gives it, a UUID).
public struct AttachLinkArguments: CommandArguments, Equatable {
    public static let name = "attachLink"
    public static let newIDKey: String? = "link"

    public var board: String
    public var card: String
    public var url: String
    public var name: String?
    public var link: String?

    public init?(_ command: Command, newID: Identifier?) {
        guard case .attachLink(let board, let card, let url, let name) = command else { return nil }
        (self.board, self.card, self.url, self.name, link) = (board, card, url, name, newID?.description)
    }

    public var newID: String? { link }

    public func command() -> Command {
        .attachLink(board: board, card: card, url: url, name: name)
    }
}
