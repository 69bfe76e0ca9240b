/// `unassign`: Unassign a person from a card: `board`, `card`, `person`.
public struct UnassignArguments: CommandArguments, Equatable {
    public static let name = "unassign"

    public var board: String
    public var card: String
    public var person: String

    public init?(_ command: Command, newID: Identifier?) {
        guard case .unassign(let board, let card, let person) = command else { return nil }
        self.board = board
        self.card = card
        self.person = person
    }

    public func command() -> Command {
        .unassign(board: board, card: card, person: person)
    }
}
