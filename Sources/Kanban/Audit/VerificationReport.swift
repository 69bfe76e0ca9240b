/// What `kanban verify` checked.
public struct VerificationReport: Sendable, Equatable {
    /// Events decoded and replayed from the start.
    public var events: Int
    /// Snapshots compared with the replay.
    public var snapshots: Int
    /// The first difference found, `nil` when everything agreed.
    public var firstDifference: String?
}
