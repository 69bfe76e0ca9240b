/// `redo`: and `force` (`true` overrides a conflict with someone else's later change).
public struct RedoArguments: CommandArguments, Equatable {
    public static let name = "redo"

    public var force: Bool?

    public init?(_ command: Command, newID: Identifier?) {
        guard case .redo(let force) = command else { return nil }
        self.force = force
    }

    public func command() -> Command {
        .redo(force: force ?? false)
    }
}
