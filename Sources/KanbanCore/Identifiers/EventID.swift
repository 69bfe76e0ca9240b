/// An event's unique identity, for idempotency and later sync.
public struct EventID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var raw: Identifier

    public init(_ raw: Identifier) { self.raw = raw }

    /// A fresh random identifier.
    public static func random(using generator: inout some RandomNumberGenerator) -> EventID {
        EventID(.random(using: &generator))
    }

    public var description: String { raw.description }

    public static func < (lhs: EventID, rhs: EventID) -> Bool { lhs.raw < rhs.raw }
}
