import Kanban
import KanbanCore

/// One mutation as `POST /api/sync/push` reads it and a replica queues it:
/// `{"id", "name", "args", "since"?}`, its name and arguments from `CommandWire`.
public struct MutationWire: Codable, Sendable, Equatable {
    /// The replica's number for it: 1, 2, 3…
    public var id: UInt64
    /// The change.
    public var command: Command
    /// The id the client gives what the change adds: a card, a comment, a checklist item, a link.
    public var newID: Identifier?
    /// The replica's last event when the change was made: someone else's later change to the
    /// same thing makes the server refuse it as a conflict.
    public var since: UInt64?

    /// `command` as mutation `id`; `newCard` is the id an added card gets, `newDetail` the id an
    /// added comment, checklist item or link gets. A restore cannot be queued (it needs the log
    /// as it is): it throws ``ReplicaError/notQueueable(_:)``.
    public init(id: UInt64, command: Command, newCard: CardID? = nil, newDetail: DetailID? = nil, since: UInt64? = nil) throws(ReplicaError) {
        guard let form = MutationWireForm(id: id, command: command, newCard: newCard, newDetail: newDetail, since: since) else {
            if case .restore = command { throw .notQueueable("restore") }
            throw .notQueueable("this change")
        }
        self.id = id
        self.command = command
        self.newID = form.newID
        self.since = since
    }

    /// The change's name on the wire: `addCard`, `moveCard`…
    public var name: String {
        CommandWire.arguments(of: command).map { type(of: $0).name } ?? ""
    }

    /// The id an added card gets, when the change adds one.
    public var newCard: CardID? {
        if case .addCard = command { newID.map(CardID.init) } else { nil }
    }

    /// The id an added comment, checklist item or link gets, when the change adds one.
    public var newDetail: DetailID? {
        if case .addCard = command { nil } else { newID.map(DetailID.init) }
    }

    /// The mutation the server decides.
    public var mutation: Mutation {
        Mutation(id: id, command: command, newCard: newCard, newDetail: newDetail, since: since)
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, args, since
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UInt64.self, forKey: .id)
        since = try container.decodeIfPresent(UInt64.self, forKey: .since)
        let name = try container.decode(String.self, forKey: .name)
        let read = try CommandWire.command(named: name, argumentsAt: .args, in: container)
        (command, newID) = (read.command, read.newID)
    }

    /// Written by the engine's `MutationWireForm`, which a mutation's digest hashes too.
    public func encode(to encoder: any Encoder) throws {
        try MutationWireForm(id: id, command: command, newID: newID, since: since).encode(to: encoder)
    }
}
