import KanbanCore

/// The shortest id prefix, of at least eight characters, that tells a set of cards apart.
enum ShortID {
    static let minimumLength = 8

    /// How many characters of the ids' text (`8-4-4-4-12` hex digits) tell them apart: one past
    /// the longest prefix two of them share. Neighbours in sorted order share the longest
    /// prefixes, and the hex digits two ids share are the leading zero bits of their difference
    /// (XOR) over four, so the ids are never written out (a board of 100,000 cards made and
    /// sorted 100,000 strings).
    static func length(for ids: [CardID]) -> Int {
        let sorted = ids.map(\.raw).sorted()
        var digits = 0
        for (previous, next) in zip(sorted, sorted.dropFirst()) {
            let high = previous.high ^ next.high
            let shared = high != 0 ? high.leadingZeroBitCount / 4 : 16 + (previous.low ^ next.low).leadingZeroBitCount / 4
            digits = max(digits, shared)
        }
        return max(minimumLength, characters(forDigits: digits + 1))
    }

    /// How many characters of an id's text hold its first `digits` hex digits, with the dashes
    /// after the 8th, 12th, 16th and 20th digit.
    static func characters(forDigits digits: Int) -> Int {
        digits + [8, 12, 16, 20].filter { $0 < digits }.count
    }
}
