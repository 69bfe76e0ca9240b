/// The head of an encoded event, as ``EventCodec/peekEnvelope(_:)`` reads it.
public struct EnvelopeHead {
    /// The kind's tag (``EventKind``'s raw value).
    public var kind: UInt8
    public var timestamp: Timestamp
    public var board: BoardID
    /// The actor's UTF-8 bytes, valid as long as the bytes peeked at.
    public var actor: UnsafeRawBufferPointer
}

// Explicit non-conformance to Sendable: `actor` points into the bytes peeked at.
@available(*, unavailable)
extension EnvelopeHead: Sendable {}
