/// A 128-bit identifier, written as a lowercase UUID (`8-4-4-4-12` hex digits).
///
/// Two words rather than Foundation's `UUID`, so hashing and comparing in replay stay cheap.
public struct Identifier: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The first 8 bytes, big-endian.
    public var high: UInt64
    /// The last 8 bytes, big-endian.
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// A random version-4 identifier drawn from `generator`.
    public static func random(using generator: inout some RandomNumberGenerator) -> Identifier {
        let high = (generator.next() & ~0xF000) | 0x4000
        let low = (generator.next() & ~(0xC000_0000_0000_0000 as UInt64)) | 0x8000_0000_0000_0000
        return Identifier(high: high, low: low)
    }

    /// A random version-4 identifier from the system's generator.
    public static func random() -> Identifier {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// Parses the 36-character UUID form (either case).
    public init?(_ text: some StringProtocol) {
        // A native string's bytes are read where they lie: every command names its card so.
        let parsed = text.utf8.withContiguousStorageIfAvailable { Identifier.parse(UnsafeRawBufferPointer($0)) }
            ?? Array(text.utf8).withUnsafeBytes { Identifier.parse($0) }
        guard let parsed else { return nil }
        self = parsed
    }

    /// The identifier `bytes` spell in the 36-character UUID form, or `nil`.
    private static func parse(_ bytes: UnsafeRawBufferPointer) -> Identifier? {
        guard bytes.count == 36 else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        var digits = 0
        for offset in 0..<36 {
            let byte = bytes[offset]
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let value = Identifier.hexValue(byte) else { return nil }
            if digits < 16 {
                words.0 = words.0 << 4 | UInt64(value)
            } else {
                words.1 = words.1 << 4 | UInt64(value)
            }
            digits += 1
        }
        return Identifier(high: words.0, low: words.1)
    }

    public var description: String {
        String(unsafeUninitializedCapacity: 36) { buffer in
            var next = 0
            for index in 0..<32 {
                if index == 8 || index == 12 || index == 16 || index == 20 {
                    buffer[next] = UInt8(ascii: "-")
                    next += 1
                }
                let word = index < 16 ? high : low
                let shift = UInt64(60 - (index % 16) * 4)
                buffer[next] = Identifier.hexDigit(Int((word >> shift) & 0xF))
                next += 1
            }
            return next
        }
    }

    /// Both words: ids come from clients too (a sync push names the cards it adds), and one
    /// word mixed from both let a client give thousands of ids one hash (equal halves).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(high)
        hasher.combine(low)
    }

    public static func < (lhs: Identifier, rhs: Identifier) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }

    /// The lowercase hex digit of `value` (0–15).
    private static func hexDigit(_ value: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: value < 10 ? 0x30 + value : 0x57 + value)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
