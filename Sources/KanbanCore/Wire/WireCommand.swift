/// A command read from the wire, with the id its client gave what it adds (a card, a comment,
/// a checklist item, a link), if it adds one and the client named it.
public struct WireCommand: Hashable, Sendable {
    public var command: Command
    public var newID: Identifier?

    public init(command: Command, newID: Identifier? = nil) {
        self.command = command
        self.newID = newID
    }
}
