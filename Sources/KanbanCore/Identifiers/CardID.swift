/// A card's identity, stable for its whole life (and after deletion, in history).
public struct CardID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var raw: Identifier

    public init(_ raw: Identifier) { self.raw = raw }

    /// A fresh random identifier.
    public static func random(using generator: inout some RandomNumberGenerator) -> CardID {
        CardID(.random(using: &generator))
    }

    public var description: String { raw.description }

    public static func < (lhs: CardID, rhs: CardID) -> Bool { lhs.raw < rhs.raw }
}
