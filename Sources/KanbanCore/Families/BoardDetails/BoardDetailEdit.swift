/// One change to what a board keeps besides its name and columns (its ``BoardDetails``). Each
/// case is its own ``EventKind`` in the log and its own history line.
public enum BoardDetailEdit: Hashable, Sendable {
    /// A person became a member of the board.
    case memberAdded(String)
    /// A person stopped being a member of the board.
    case memberRemoved(String)
    /// A person's role changed; `nil` is not a member: a member added with a role other than
    /// ``BoardRole/member``, or removed while they had one, is this event and not
    /// `memberAdded` or `memberRemoved`, so undoing it gives the role back.
    case memberRoleChanged(String, Change<BoardRole?>)
    /// Who may see the board changed.
    case visibilityChanged(Change<BoardVisibility>)
    /// A label was made (`nil` to a colour), recoloured, or removed (a colour to `nil`). Cards
    /// keep a removed label's name.
    case labelChanged(String, Change<String?>)
    /// A column's work in progress limit (and whether it is strict) was set, changed or lifted
    /// (`nil`).
    case columnLimited(ColumnSpec, Change<ColumnLimit?>)

    /// Its kind in the log.
    public var kind: EventKind {
        switch self {
        case .memberAdded: .memberAdded
        case .memberRemoved: .memberRemoved
        case .memberRoleChanged: .memberRoleChanged
        case .visibilityChanged: .visibilityChanged
        case .labelChanged: .labelChanged
        case .columnLimited: .columnLimitChanged
        }
    }
}
