/// `setMemberRole`: Give a board's member another role: `board`, `person`, `role` (`viewer`,
/// `commenter`, `editor` or `admin`).
public struct SetMemberRoleArguments: CommandArguments, Equatable {
    public static let name = "setMemberRole"

    public var board: String
    public var person: String
    public var role: String

    public init?(_ command: Command, newID: Identifier?) {
        guard case .setMemberRole(let board, let person, let role, false) = command else { return nil }
        (self.board, self.person, self.role) = (board, person, role.rawValue)
    }

    public func command() throws(KanbanError) -> Command {
        .setMemberRole(board: board, person: person, role: try BoardRole(named: role))
    }
}
