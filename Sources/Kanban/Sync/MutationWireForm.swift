import KanbanCore

/// One mutation's wire form, as `POST /api/sync/push` reads it: `{"id", "name", "args", "since"?}`,
/// its name and arguments from ``KanbanCore/CommandWire``. The replica's `MutationWire` writes
/// itself through it and ``Mutation/digest`` hashes it, so both spell a mutation the same way,
/// byte for byte (a digest kept by a server must stay the digest of the same change).
package struct MutationWireForm: Encodable, Sendable {
    package var id: UInt64
    package var command: Command
    /// The id the client gives what the change adds, as the wire carries it.
    package var newID: Identifier?
    package var since: UInt64?

    /// `command` as mutation `id`, `newCard` the id an added card gets, `newDetail` the id an
    /// added comment, checklist item or link gets; `nil` when the change cannot be sent (a
    /// restore, which needs the log as it is).
    package init?(id: UInt64, command: Command, newCard: CardID?, newDetail: DetailID?, since: UInt64?) {
        let newID = if case .addCard = command { newCard?.raw } else { newDetail?.raw }
        guard let arguments = CommandWire.arguments(of: command, newID: newID) else { return nil }
        self.init(id: id, command: command, newID: arguments.newID.flatMap { Identifier($0) }, since: since)
    }

    package init(id: UInt64, command: Command, newID: Identifier?, since: UInt64?) {
        self.id = id
        self.command = command
        self.newID = newID
        self.since = since
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, args, since
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        guard let arguments = CommandWire.arguments(of: command, newID: newID) else {
            throw EncodingError.invalidValue(command, .init(codingPath: container.codingPath, debugDescription: "this change cannot be sent"))
        }
        try container.encode(type(of: arguments).name, forKey: .name)
        try container.encode(arguments, forKey: .args)
        try container.encodeIfPresent(since, forKey: .since)
    }
}
