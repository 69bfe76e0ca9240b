import KanbanCore

/// A change a client made on its own copy of the boards, perhaps offline, numbered by that
/// client 1, 2, 3…: what ``KanbanEngine/push(_:client:actor:)`` decides on the latest state,
/// exactly once.
public struct Mutation: Hashable, Sendable {
    /// The client's number for it: one more than its previous mutation's.
    public var id: UInt64
    /// The change, or why its arguments could not be read (it is refused with that reason,
    /// which still counts as deciding it, so the client's queue goes on).
    public var command: Result<Command, KanbanError>
    /// For an added card: the id the client gave it, so that its later mutations can name the
    /// card before the server has seen it. Refused when any card of the log has, or had, it.
    public var newCard: CardID?
    /// For an added comment, checklist item or link: the id the client gave it, so that its
    /// later mutations can name it before the server has seen it. Refused when the card has, or
    /// had, a comment, item or link with it.
    public var newDetail: DetailID?
    /// For an added or moved card: the card it goes just before, else just after `after`,
    /// found on the board as it is when the mutation is decided (``KanbanCore/Decider/index(before:after:placing:column:board:in:)``).
    /// They take the place of the command's index when either is in the target column.
    public var before: String?
    public var after: String?
    /// The last event of the log the client had seen when it made the change. With it, an
    /// edit, a move or a delete is refused when someone else changed the same thing after it
    /// (the conflict rule of undo); without it, the change applies anyway.
    public var since: UInt64?

    public init(
        id: UInt64, command: Command, newCard: CardID? = nil, before: String? = nil, after: String? = nil, since: UInt64? = nil
    ) {
        self.id = id
        self.command = .success(command)
        self.newCard = newCard
        self.before = before
        self.after = after
        self.since = since
    }

    /// A mutation whose arguments could not be read: it is refused with `reason`.
    public init(id: UInt64, unreadable reason: String) {
        self.id = id
        command = .failure(.unreadableMutation(reason))
    }
}
