import KanbanCore

/// Server administrators and everyone else: who the access rule (``KanbanCore/AccessRule``)
/// takes an actor for.
extension KanbanEngine {
    /// From now on, only `administrators` administer the server; anyone else may do what their
    /// roles on boards allow, in every command however it comes (HTTP, sync pushes, imports).
    /// `nil` (the default: the CLI, a server without tokens): everyone does.
    public func administer(_ administrators: Set<String>?) {
        self.administrators.withLock { $0 = administrators }
    }

    /// `actor` as the access rule takes them.
    public func principal(_ actor: String) -> Principal {
        Principal(person: actor, isAdministrator: administrators.withLock { $0?.contains(actor) ?? true })
    }
}
