@testable import KanbanCLI
import KanbanCore
import Testing

struct ShortIDTests {
    /// The rule written out on the ids' text: one past the longest prefix two ids share.
    static func reference(_ ids: [CardID]) -> Int {
        let sorted = ids.map(\.description).sorted()
        var length = ShortID.minimumLength
        for (previous, next) in zip(sorted, sorted.dropFirst()) {
            length = max(length, zip(previous, next).prefix { $0 == $1 }.count + 1)
        }
        return length
    }

    /// An id sharing its first `digits` hex digits with `id`, and differing in the next one.
    static func neighbour(of id: Identifier, sharing digits: Int) -> Identifier {
        let bit = 127 - 4 * digits - 3 // the lowest bit of hex digit `digits` (from 0)
        return bit >= 64
            ? Identifier(high: id.high ^ (1 << UInt64(bit - 64)), low: id.low)
            : Identifier(high: id.high, low: id.low ^ (1 << UInt64(bit)))
    }

    @Test("The prefix length is what the ids' text gives, across each dash and up to ids differing in the last digit", arguments: [0, 6, 7, 8, 9, 11, 12, 15, 16, 19, 20, 21, 30, 31])
    func sharedDigits(digits: Int) {
        var generator = SeededGenerator(seed: UInt64(digits))
        var ids = (0..<50).map { _ in CardID(.random(using: &generator)) }
        ids.append(CardID(Self.neighbour(of: ids[17].raw, sharing: digits)))
        let length = ShortID.length(for: ids)
        #expect(length == Self.reference(ids))
        // The prefixes of that length tell every card apart, and one character less does not.
        #expect(Set(ids.map { $0.description.prefix(length) }).count == ids.count)
        if length > ShortID.minimumLength {
            #expect(Set(ids.map { $0.description.prefix(length - 1) }).count < ids.count)
        }
    }

    @Test("No card or one card: eight characters")
    func fewCards() {
        #expect(ShortID.length(for: []) == 8)
        #expect(ShortID.length(for: [CardID(Identifier(high: 1, low: 2))]) == 8)
    }
}
