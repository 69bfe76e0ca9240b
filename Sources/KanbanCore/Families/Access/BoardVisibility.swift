/// Who may see a board besides its members: `open` boards (the default) every signed-in person
/// may read and edit; `members` boards only their members, as their roles allow; `public` boards
/// everyone may read, members as their roles allow.
public enum BoardVisibility: String, CaseIterable, Codable, Sendable {
    case open
    case members
    case `public`

    /// As the log stores it.
    var code: UInt8 {
        switch self {
        case .open: 0
        case .members: 1
        case .public: 2
        }
    }

    /// The visibility stored as `code`.
    init?(code: UInt8) {
        guard let visibility = Self.allCases.first(where: { $0.code == code }) else { return nil }
        self = visibility
    }
}

extension BoardVisibility {
    /// The visibility named `name` (case-insensitively), or ``KanbanError/unreadableMutation(_:)``
    /// naming those there are.
    public init(named name: String) throws(KanbanError) {
        guard let visibility = BoardVisibility(rawValue: name.lowercased()) else {
            throw .unreadableMutation("'\(name)' is not a visibility: open, members or public")
        }
        self = visibility
    }
}
