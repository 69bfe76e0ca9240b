/// The arguments of one kind of command as clients send them (`{"name", "args"}` in a sync
/// push, a replica's queue): a Codable value that knows its wire name, the command it asks
/// for, and how to read itself back from that command. ``CommandWire`` lists every kind; a new
/// kind of command is one more type here and one more line there.
public protocol CommandArguments: Codable, Sendable {
    /// The command's name on the wire: `addCard`, `moveCard`, `assign`…
    static var name: String { get }
    /// The key holding the id the client gives what the command adds (`card`, `comment`,
    /// `item`, `link`), for the kinds that add one.
    static var newIDKey: String? { get }
    /// These arguments for `command`, with `newID` the id the client gives what it adds;
    /// `nil` when `command` is another kind.
    init?(_ command: Command, newID: Identifier?)
    /// The command these arguments ask for; throws ``KanbanError/unreadableMutation(_:)`` when a
    /// value cannot be read (a date, a UUID).
    func command() throws(KanbanError) -> Command
    /// The id the client gave what the command adds, as sent.
    var newID: String? { get }
}

extension CommandArguments {
    public static var newIDKey: String? { nil }
    public var newID: String? { nil }
}
