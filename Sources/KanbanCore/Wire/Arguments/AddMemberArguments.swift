/// `addMember`: Make a person a board's member: `board`, `person`, and `role` (`viewer`,
/// `commenter`, `editor` or `admin`; `editor` when left out).
public struct AddMemberArguments: CommandArguments, Equatable {
    public static let name = "addMember"

    public var board: String
    public var person: String
    public var role: String?

    public init?(_ command: Command, newID: Identifier?) {
        switch command {
        case .addMember(let board, let person): (self.board, self.person, self.role) = (board, person, nil)
        case .setMemberRole(let board, let person, let role, true): (self.board, self.person, self.role) = (board, person, role.rawValue)
        default: return nil
        }
    }

    public func command() throws(KanbanError) -> Command {
        guard let role else { return .addMember(board: board, person: person) }
        return .setMemberRole(board: board, person: person, role: try BoardRole(named: role), adding: true)
    }
}
