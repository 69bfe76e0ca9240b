/// Why a sign-in failed, in one line for the person signing in and the log.
enum OIDCError: Error, Sendable, CustomStringConvertible {
    /// The provider could not be reached, or answered something that is not an answer.
    case unreachable(String)
    /// The provider answered, but what it answered is refused (a bad token, a refused code).
    case refused(String)

    var description: String {
        switch self {
        case .unreachable(let reason): "cannot reach the sign-in provider: \(reason)"
        case .refused(let reason): reason
        }
    }
}
