/// Why bytes from the log are not a valid event.
public enum EventDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The value ends before the event does.
    case truncated(at: Int)
    /// The envelope's format version is not one this build reads.
    case unknownFormatVersion(UInt8)
    /// The kind tag names no event.
    case unknownKind(UInt8)
    /// A field is not well formed.
    case malformed(String, at: Int)
    /// Bytes remain after the event.
    case trailingBytes(Int)

    public var description: String {
        switch self {
        case .truncated(let offset): "truncated at byte \(offset)"
        case .unknownFormatVersion(let version): "unknown format version \(version)"
        case .unknownKind(let kind): "unknown event kind \(kind)"
        case .malformed(let what, let offset): "\(what) at byte \(offset)"
        case .trailingBytes(let count): "\(count) unexpected bytes after the event"
        }
    }
}
