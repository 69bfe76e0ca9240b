import Kanban
import Synchronization

/// Who administers the server, for the request context and the engine alike: the token file's
/// administrators, and the people the provider signed in whose groups made them one at their
/// latest sign-in. Also keeps each provider-given name to the subject that first signed in with
/// it (while the server runs), so another account cannot take over a name by changing its
/// display claims, and keeps the token file's names out of the provider's reach.
final class SignedInPeople: Sendable {
    private struct State {
        var subjects: [String: String] = [:]
        var administrators: Set<String> = []
    }

    private let tokens: TokenFile?
    private let engine: KanbanEngine
    private let state = Mutex(State())

    init(tokens: TokenFile?, engine: KanbanEngine) {
        self.tokens = tokens
        self.engine = engine
    }

    /// Whether `actor` administers the server now.
    func isAdministrator(_ actor: String) -> Bool {
        if tokens?.isAdministrator(actor) == true { return true }
        return state.withLock { $0.administrators.contains(actor) }
    }

    /// Every administrator's name.
    var administrators: Set<String> {
        state.withLock { $0.administrators }.union(tokens?.administrators ?? [])
    }

    /// Takes `identity` as signed in: its name kept to its subject, its administration as its
    /// groups say (the engine told). Throws a one-line reason when the name is a token's actor or
    /// another subject's.
    func signIn(_ identity: OIDCIdentity) throws(OIDCError) {
        if tokens?.entries.contains(where: { $0.actor == identity.name }) == true {
            throw .refused("the name '\(identity.name)' belongs to a token of this server; the provider cannot sign in as it")
        }
        try state.withLock { (state: inout State) throws(OIDCError) in
            if let subject = state.subjects[identity.name], subject != identity.subject {
                throw .refused("the name '\(identity.name)' is signed in as another account of the provider")
            }
            state.subjects[identity.name] = identity.subject
            if identity.isAdministrator { state.administrators.insert(identity.name) } else { state.administrators.remove(identity.name) }
            // Under the lock, so two sign-ins at once cannot leave the engine the older set.
            engine.administer(state.administrators.union(tokens?.administrators ?? []))
        }
    }
}
