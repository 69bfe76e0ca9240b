import KanbanCore

/// A change a client made on its own copy of the boards, perhaps offline, numbered by that
/// client 1, 2, 3…: what ``EngineSync/push(_:client:actor:ownerOnly:)`` decides on the latest state,
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
    /// The last event of the log the client had seen when it made the change. With it, an
    /// edit, a move or a delete is refused when someone else changed the same thing after it
    /// (the conflict rule of undo); without it, the change applies anyway.
    public var since: UInt64?

    public init(
        id: UInt64, command: Command, newCard: CardID? = nil, newDetail: DetailID? = nil, since: UInt64? = nil
    ) {
        self.id = id
        self.command = .success(command)
        self.newCard = newCard
        self.newDetail = newDetail
        self.since = since
    }

    /// Mutation `id` as read from the wire: the id the client gave what it adds is the new
    /// card's for an added card, else the new comment's, checklist item's or link's.
    public init(id: UInt64, read: WireCommand, since: UInt64? = nil) {
        let added = if case .addCard = read.command { true } else { false }
        self.init(
            id: id, command: read.command, newCard: added ? read.newID.map(CardID.init) : nil,
            newDetail: added ? nil : read.newID.map(DetailID.init), since: since
        )
    }

    /// A mutation whose arguments could not be read: it is refused with `reason`.
    public init(id: UInt64, unreadable reason: String) {
        self.id = id
        command = .failure(.unreadableMutation(reason))
    }
}
