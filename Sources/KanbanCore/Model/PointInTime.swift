/// A moment of the log: right after an event, or at a time.
public enum PointInTime: Hashable, Sendable {
    /// Right after event `sequence`.
    case sequence(UInt64)
    /// At this moment: after the last event stamped at or before it.
    case moment(Timestamp)
}
