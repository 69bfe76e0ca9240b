import Foundation

/// The one table of the wire vocabulary: each command's name and its ``CommandArguments``
/// type. Sync pushes, a replica's queue and the digests of decided mutations read and write
/// commands through it, and nothing else names a command on the wire.
public enum CommandWire {
    /// Every kind of command a client may send, by its arguments' type.
    public static let vocabulary: [any CommandArguments.Type] = [
        AddCardArguments.self, EditCardArguments.self, MoveCardArguments.self, DeleteCardArguments.self, ReviveCardArguments.self,
        UndoArguments.self, RedoArguments.self,
        CreateBoardArguments.self, RenameBoardArguments.self, RemoveBoardArguments.self,
        AddColumnArguments.self, RenameColumnArguments.self, MoveColumnArguments.self, RemoveColumnArguments.self,
        AssignArguments.self, UnassignArguments.self, LabelArguments.self, UnlabelArguments.self, MarkDueArguments.self,
        AddCommentArguments.self, EditCommentArguments.self, DeleteCommentArguments.self,
        AddChecklistItemArguments.self, RenameChecklistItemArguments.self, CheckChecklistItemArguments.self,
        RemoveChecklistItemArguments.self, MoveChecklistItemArguments.self,
        AttachLinkArguments.self, RemoveLinkArguments.self,
        AddMemberArguments.self, RemoveMemberArguments.self, SetMemberRoleArguments.self, SetVisibilityArguments.self,
        SetLabelArguments.self, RemoveLabelArguments.self,
        SetColumnLimitArguments.self,
    ]

    /// The arguments' type of each name.
    public static let byName: [String: any CommandArguments.Type] = Dictionary(
        vocabulary.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }
    )

    /// The arguments `command` is sent with, `newID` the id the client gives what it adds;
    /// `nil` for a command that cannot be sent (a restore needs the log as it is).
    public static func arguments(of command: Command, newID: Identifier? = nil) -> (any CommandArguments)? {
        for kind in vocabulary {
            if let arguments = kind.init(command, newID: newID) { return arguments }
        }
        return nil
    }

    /// The command named `name` with its arguments read from `decoder` (`nil`: none were sent).
    /// Throws ``KanbanError/unreadableMutation(_:)`` for an unknown name, a missing argument or
    /// a value that cannot be read, and `DecodingError` for a value of the wrong type.
    public static func command(named name: String, from decoder: (any Decoder)?) throws -> WireCommand {
        guard let kind = byName[name] else { throw KanbanError.unreadableMutation("there is no mutation named '\(name)'") }
        return try read(kind, named: name, from: decoder)
    }

    /// The command named `name` with its arguments at `key` of `container` (left out or `null`:
    /// none were sent); throws as ``command(named:from:)`` does.
    public static func command<Key: CodingKey>(named name: String, argumentsAt key: Key, in container: KeyedDecodingContainer<Key>) throws -> WireCommand {
        let sent = try container.contains(key) && !container.decodeNil(forKey: key)
        return try command(named: name, from: sent ? try container.superDecoder(forKey: key) : nil)
    }

    private static func read<Arguments: CommandArguments>(_ kind: Arguments.Type, named name: String, from decoder: (any Decoder)?) throws -> WireCommand {
        let arguments: Arguments
        do {
            if let decoder {
                arguments = try Arguments(from: decoder)
            } else {
                arguments = try JSONDecoder().decode(Arguments.self, from: Data("{}".utf8))
            }
        } catch DecodingError.keyNotFound(let key, _) {
            throw KanbanError.unreadableMutation("\(name) needs \"\(key.stringValue)\"")
        } catch DecodingError.valueNotFound(_, let context) where context.codingPath.count >= 1 {
            throw KanbanError.unreadableMutation("\(name) needs \"\(context.codingPath.last?.stringValue ?? "")\"")
        }
        let command = try arguments.command()
        guard let text = arguments.newID, let key = Arguments.newIDKey else { return WireCommand(command: command) }
        guard let id = Identifier(text) else { throw KanbanError.unreadableMutation("\"\(key)\" must be a UUID, not '\(text)'") }
        return WireCommand(command: command, newID: id)
    }
}
