/// `addMember`: Make a person a board's member: `board`, `person`.
public struct AddMemberArguments: CommandArguments, Equatable {
    public static let name = "addMember"

    public var board: String
    public var person: String

    public init?(_ command: Command, newID: Identifier?) {
        guard case .addMember(let board, let person) = command else { return nil }
        self.board = board
        self.person = person
    }

    public func command() -> Command {
        .addMember(board: board, person: person)
    }
}
