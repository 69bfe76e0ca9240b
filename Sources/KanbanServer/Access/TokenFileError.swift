/// Why a token file was refused, in one line.
public enum TokenFileError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    /// Its group or others may read it (`mode` in octal).
    case tooOpen(path: String, mode: String)
    case malformed(path: String, line: Int, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "token file \(path): \(reason)"
        case .tooOpen(let path, let mode):
            "token file \(path) may be read by others (mode \(mode)); it holds secrets: chmod 600 \(path)"
        case .malformed(let path, let line, let reason): line > 0 ? "token file \(path), line \(line): \(reason)" : "token file \(path): \(reason)"
        }
    }
}
