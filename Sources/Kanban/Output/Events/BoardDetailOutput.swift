import KanbanCore

/// The `data` of a change to a board's details (`memberAdded`, `memberRemoved`,
/// `memberRoleChanged`, `visibilityChanged`, `labelChanged`, `columnLimitChanged` in `kanban log
/// --json`): by kind, `person`, with `role` (`{"old", "new"}`, `null` for not a member);
/// `visibility` (`{"old", "new"}`); `label` and `colour`
/// (`{"old", "new"}`, `null` for none); `column` and `limit` (`{"old", "new"}`, `null` for none),
/// and `strict` (`{"old", "new"}`) when the limit was or becomes strict.
public struct BoardDetailOutput: Codable, Sendable, Equatable {
    public var person: String?
    public var role: ChangeOutput<String?>?
    public var visibility: ChangeOutput<String>?
    public var label: String?
    public var colour: ChangeOutput<String?>?
    public var column: ColumnSpecOutput?
    public var limit: ChangeOutput<Int?>?
    /// Whether the limit was and is strict; absent when it is neither.
    public var strict: ChangeOutput<Bool>?

    /// The form of `event`.
    public init(event: BoardDetailChanged) {
        switch event.edit {
        case .memberAdded(let person), .memberRemoved(let person): self.person = person
        case .memberRoleChanged(let person, let change):
            self.person = person
            role = ChangeOutput(old: change.old?.rawValue, new: change.new?.rawValue)
        case .visibilityChanged(let change): visibility = ChangeOutput(old: change.old.rawValue, new: change.new.rawValue)
        case .labelChanged(let name, let change):
            label = name
            colour = ChangeOutput(old: change.old, new: change.new)
        case .columnLimited(let spec, let change):
            column = ColumnSpecOutput(spec: spec)
            limit = ChangeOutput(old: change.old?.cards, new: change.new?.cards)
            let (was, now) = (change.old?.isStrict ?? false, change.new?.isStrict ?? false)
            if was || now { strict = ChangeOutput(old: was, new: now) }
        }
    }
}
