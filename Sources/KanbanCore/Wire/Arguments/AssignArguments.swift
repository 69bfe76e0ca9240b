/// `assign`: Assign a person to a card: `board`, `card`, `person`.
public struct AssignArguments: CommandArguments, Equatable {
    public static let name = "assign"

    public var board: String
    public var card: String
    public var person: String

    public init?(_ command: Command, newID: Identifier?) {
        guard case .assign(let board, let card, let person) = command else { return nil }
        self.board = board
        self.card = card
        self.person = person
    }

    public func command() -> Command {
        .assign(board: board, card: card, person: person)
    }
}
