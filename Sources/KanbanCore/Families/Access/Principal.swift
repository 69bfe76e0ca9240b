/// Who asks: a person, and whether they administer the whole server (a token file's `ACTOR
/// TOKEN` line, an OpenID Connect admin group, or anyone when the server has no tokens). Server
/// administrators may do everything; anyone else only what their roles on a board allow.
public struct Principal: Hashable, Sendable {
    public var person: String
    public var isAdministrator: Bool

    public init(person: String, isAdministrator: Bool) {
        self.person = person
        self.isAdministrator = isAdministrator
    }

    /// `person`, administering everything: the CLI, a server without tokens.
    public static func administrator(_ person: String) -> Principal {
        Principal(person: person, isAdministrator: true)
    }
}
