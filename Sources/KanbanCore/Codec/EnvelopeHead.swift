/// The head of an encoded event, as ``EventCodec/peekEnvelope(_:)`` reads it.
public struct EnvelopeHead {
    /// The kind's tag (``EventKind``'s raw value).
    public var kind: UInt8
    /// When it was appended.
    public var timestamp: Timestamp
    public var board: BoardID
    /// The actor's UTF-8 bytes, valid as long as the bytes peeked at.
    public var actor: UnsafeRawBufferPointer
    /// When it happened, for an event appended later than that (format version 3); else `nil`.
    public var happenedAt: Timestamp? = nil

    /// When it happened: ``happenedAt``, else ``timestamp``.
    public var validTime: Timestamp { happenedAt ?? timestamp }
}

// Explicit non-conformance to Sendable: `actor` points into the bytes peeked at.
@available(*, unavailable)
extension EnvelopeHead: Sendable {}
