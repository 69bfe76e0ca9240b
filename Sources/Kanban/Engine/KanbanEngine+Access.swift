import KanbanCore

/// Server administrators and everyone else: who the access rule (``KanbanCore/AccessRule``)
/// takes an actor for.
extension KanbanEngine {
    /// From now on, only actors for whom `isAdministrator` holds administer the server; anyone
    /// else may do what their roles on boards allow, in every command however it comes (HTTP,
    /// sync pushes, imports). `nil` (the default: the CLI, a server without tokens): everyone.
    public func administer(with isAdministrator: (@Sendable (String) -> Bool)?) {
        administrators.withLock { $0 = isAdministrator }
    }

    /// `actor` as the access rule takes them.
    public func principal(_ actor: String) -> Principal {
        Principal(person: actor, isAdministrator: administrators.withLock { $0 }?(actor) ?? true)
    }
}
