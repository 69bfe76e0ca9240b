/// The answer to a command sent with an idempotency key
/// (``KanbanEngine/perform(_:actor:at:idempotencyKey:answer:)``): the bytes the caller made of
/// its outcome the first time, and whether this is that first time or a retry.
public struct RememberedAnswer: Sendable, Equatable {
    /// The answer, as the caller's `answer` closure made it when the command was first carried out.
    public var bytes: [UInt8]
    /// `true` when the key was seen before: the command was not carried out again.
    public var isReplay: Bool

    public init(bytes: [UInt8], isReplay: Bool) {
        self.bytes = bytes
        self.isReplay = isReplay
    }
}
