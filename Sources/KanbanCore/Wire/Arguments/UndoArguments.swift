/// `undo`: and `force` (`true` overrides a conflict with someone else's later change).
public struct UndoArguments: CommandArguments, Equatable {
    public static let name = "undo"

    public var force: Bool?

    public init?(_ command: Command, newID: Identifier?) {
        guard case .undo(let force) = command else { return nil }
        self.force = force
    }

    public func command() -> Command {
        .undo(force: force ?? false)
    }
}
