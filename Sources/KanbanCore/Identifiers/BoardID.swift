/// A board's identity; its name may change, this does not.
public struct BoardID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var raw: Identifier

    public init(_ raw: Identifier) { self.raw = raw }

    /// A fresh random identifier.
    public static func random(using generator: inout some RandomNumberGenerator) -> BoardID {
        BoardID(.random(using: &generator))
    }

    public var description: String { raw.description }

    public static func < (lhs: BoardID, rhs: BoardID) -> Bool { lhs.raw < rhs.raw }
}
