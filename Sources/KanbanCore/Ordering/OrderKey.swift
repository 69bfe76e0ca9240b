/// A card's place in its column: a fractional index (as Figma, Trello's `pos` and Jira's
/// LexoRank use) that sorts between its neighbours.
///
/// A key is an integer part and a fraction of base-256 digits with no trailing zero.
/// Appending or prepending steps the integer, so a column of a million appended cards
/// keeps keys of a few bytes; inserting between two neighbours bisects the fraction.
/// The first eight fraction digits live inline, so common keys never allocate.
///
/// Events store the key, so replaying a move sets it in O(1) and never shifts other cards.
public struct OrderKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The integer part.
    public var integer: Int64
    /// The first eight fraction digits, big-endian, zero-padded.
    var fractionHead: UInt64
    /// Fraction digits beyond the eighth, almost always empty.
    var fractionTail: [UInt8]

    /// A key with no fraction.
    public init(integer: Int64) {
        self.integer = integer
        fractionHead = 0
        fractionTail = []
    }

    /// A key from its integer and fraction digits. Trailing zero digits are dropped.
    public init(integer: Int64, fraction: [UInt8]) {
        var digits = fraction
        while digits.last == 0 { digits.removeLast() }
        self.integer = integer
        var head: UInt64 = 0
        for index in 0..<8 { head = head << 8 | UInt64(index < digits.count ? digits[index] : 0) }
        fractionHead = head
        fractionTail = digits.count > 8 ? Array(digits[8...]) : []
    }

    /// A key from its integer and fraction digits read in place; the last digit is not zero.
    init(integer: Int64, fractionDigits digits: UnsafeRawBufferPointer) {
        self.integer = integer
        var head: UInt64 = 0
        for index in 0..<8 { head = head << 8 | UInt64(index < digits.count ? digits[index] : 0) }
        fractionHead = head
        fractionTail = digits.count > 8 ? Array(digits[8...]) : []
    }

    /// The fraction digits, without trailing zeros.
    public var fraction: [UInt8] {
        var digits = [UInt8]()
        for index in 0..<8 { digits.append(UInt8(truncatingIfNeeded: fractionHead >> UInt64(56 - index * 8))) }
        digits += fractionTail
        while digits.last == 0 { digits.removeLast() }
        return digits
    }

    /// The key in the middle of a column, for its first card.
    public static let middle = OrderKey(integer: 0)

    public static func < (lhs: OrderKey, rhs: OrderKey) -> Bool {
        if lhs.integer != rhs.integer { return lhs.integer < rhs.integer }
        if lhs.fractionHead != rhs.fractionHead { return lhs.fractionHead < rhs.fractionHead }
        return lhs.fractionTail.lexicographicallyPrecedes(rhs.fractionTail)
    }

    /// `integer` and the fraction's hex digits, like `3.80`.
    public var description: String {
        let digits = fraction
        guard !digits.isEmpty else { return String(integer) }
        let hex = digits.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        return "\(integer).\(hex)"
    }
}
