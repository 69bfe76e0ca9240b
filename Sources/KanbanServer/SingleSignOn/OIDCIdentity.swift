/// Who a provider signed in: the name they act under, the provider's subject identifier, and
/// whether their groups make them a server administrator.
struct OIDCIdentity: Sendable, Equatable {
    var name: String
    var subject: String
    var groups: [String]
    var isAdministrator: Bool
}
