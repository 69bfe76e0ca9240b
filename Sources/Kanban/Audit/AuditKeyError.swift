/// Why a key or a checkpoint was refused, in one line.
public enum AuditKeyError: Error, Equatable, CustomStringConvertible {
    case malformed(String)

    public var description: String {
        switch self {
        case .malformed(let reason): reason
        }
    }
}
