/// Why a stored snapshot was not used.
public enum SnapshotError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The value does not start like a snapshot.
    case notASnapshot
    /// A format or state layout this build does not read.
    case unknownVersion(format: UInt8, layout: UInt8)
    /// The checksum does not match: the value is damaged.
    case checksumMismatch
    /// It claims another sequence number than its key.
    case wrongSequence(UInt64)
    /// It covers events the log does not have.
    case beyondLog(logEnd: UInt64)
    /// The state inside does not decode.
    case undecodable(String)

    public var description: String {
        switch self {
        case .notASnapshot: "not a snapshot"
        case .unknownVersion(let format, let layout): "unknown format version \(format).\(layout)"
        case .checksumMismatch: "checksum mismatch"
        case .wrongSequence(let sequence): "it says it covers #\(sequence)"
        case .beyondLog(let end): "it lies beyond the log's end (#\(end))"
        case .undecodable(let reason): "the state does not decode: \(reason)"
        }
    }
}
