/// `removeMember`: Remove a board's member: `board`, `person`.
public struct RemoveMemberArguments: CommandArguments, Equatable {
    public static let name = "removeMember"

    public var board: String
    public var person: String

    public init?(_ command: Command, newID: Identifier?) {
        guard case .removeMember(let board, let person) = command else { return nil }
        self.board = board
        self.person = person
    }

    public func command() -> Command {
        .removeMember(board: board, person: person)
    }
}
