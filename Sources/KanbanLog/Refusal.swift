/// A mutation the server refused, kept so that the client learns why also when the answer to
/// its push was lost.
public struct Refusal: Hashable, Sendable {
    /// The mutation's number.
    public var id: UInt64
    /// The reason, one line.
    public var reason: String
    /// Whether someone else's change stood in the way (sending it again without `since`
    /// applies it anyway), rather than the change being impossible.
    public var isConflict: Bool

    public init(id: UInt64, reason: String, isConflict: Bool) {
        self.id = id
        self.reason = reason
        self.isConflict = isConflict
    }
}
