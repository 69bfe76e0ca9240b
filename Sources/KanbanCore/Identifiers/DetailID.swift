/// The identity of a comment, a checklist item or a link on a card: drawn at random when it is
/// added, kept for its whole life (and after it is removed, in history).
public struct DetailID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var raw: Identifier

    public init(_ raw: Identifier) { self.raw = raw }

    /// A fresh random identifier.
    public static func random(using generator: inout some RandomNumberGenerator) -> DetailID {
        DetailID(.random(using: &generator))
    }

    public var description: String { raw.description }

    public static func < (lhs: DetailID, rhs: DetailID) -> Bool { lhs.raw < rhs.raw }
}
