/// What a person may do on a board, from least to most: a viewer reads it, a commenter also
/// writes comments, an editor changes cards, columns and the board's name, an admin also gives
/// roles, changes the board's visibility, and deletes or restores the board.
public enum BoardRole: String, CaseIterable, Comparable, Codable, Sendable {
    case viewer
    case commenter
    case editor
    case admin

    /// The role a member has when none was named.
    public static let member = BoardRole.editor

    /// Its rank: a higher role may do all a lower one may.
    var rank: UInt8 {
        switch self {
        case .viewer: 0
        case .commenter: 1
        case .editor: 2
        case .admin: 3
        }
    }

    /// The role of rank `rank`, as the log stores it.
    init?(rank: UInt8) {
        guard let role = Self.allCases.first(where: { $0.rank == rank }) else { return nil }
        self = role
    }

    public static func < (lhs: BoardRole, rhs: BoardRole) -> Bool { lhs.rank < rhs.rank }
}

extension BoardRole {
    /// The role named `name` (case-insensitively), or ``KanbanError/unreadableMutation(_:)``
    /// naming the roles there are.
    public init(named name: String) throws(KanbanError) {
        guard let role = BoardRole(rawValue: name.lowercased()) else {
            throw .unreadableMutation("'\(name)' is not a role: viewer, commenter, editor or admin")
        }
        self = role
    }
}
