import KanbanCore
import Testing

@testable import Kanban

/// The history index puts a step's entries in key order; the integer sort keys must give the
/// order of the keys' bytes, with equal keys in their place, as the byte comparison did.
struct HistoryIndexSortKeyTests {
    /// The order a stable sort by the keys' bytes gives.
    static func byteOrder(_ keys: [[UInt8]]) -> [Int] {
        keys.indices.sorted { lhs, rhs in
            keys[lhs].lexicographicallyPrecedes(keys[rhs]) || (keys[lhs] == keys[rhs] && lhs < rhs)
        }
    }

    @Test("Random keys, many of them prefixes of others, zeros and equal ones among them, sort as their bytes do", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomKeys(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var keys: [[UInt8]] = []
        for _ in 0..<3_000 {
            if let earlier = keys.randomElement(using: &random), Int.random(in: 0..<4, using: &random) == 0 {
                // Another key's prefix, that key extended by zeros or other bytes, or the same key.
                switch Int.random(in: 0..<3, using: &random) {
                case 0: keys.append(Array(earlier.prefix(Int.random(in: 0...earlier.count, using: &random))))
                case 1: keys.append(Array((earlier + [0, 0, UInt8.random(in: 0...2, using: &random)]).prefix(HistoryIndexSortKey.capacity)))
                default: keys.append(earlier)
                }
            } else {
                let count = Int.random(in: 0...HistoryIndexSortKey.capacity, using: &random)
                // Few distinct byte values, so that keys share long beginnings.
                keys.append((0..<count).map { _ in [0, 1, 0x7F, 0x80, 0xFF].randomElement(using: &random)! })
            }
        }
        #expect(HistoryIndexSortKey.order(of: keys) == Self.byteOrder(keys))
    }

    @Test("The index's own keys (cards over epochs, names, details) sort as their bytes do")
    func layoutKeys() {
        var random = SeededGenerator(seed: 9)
        var keys: [[UInt8]] = []
        for sequence in 1...2_000 as ClosedRange<UInt64> {
            let card = CardID(Identifier(high: UInt64.random(in: 0...3, using: &random), low: UInt64.random(in: 0...UInt64.max, using: &random)))
            keys.append(HistoryIndex.cardKey(card, sequence: sequence * 977, epochShift: 4))
            keys.append(HistoryIndex.key([2], Identifier(high: 1, low: UInt64(sequence % 3)), sequence: sequence))
            keys.append(HistoryIndex.detailKey(DetailID(Identifier(high: 0, low: sequence % 7)), on: card))
        }
        #expect(HistoryIndexSortKey.order(of: keys) == Self.byteOrder(keys))
    }

    @Test("A key longer than the words hold falls back to comparing bytes, in the same order")
    func longKeys() {
        let keys: [[UInt8]] = [
            Array(repeating: 1, count: 41), Array(repeating: 1, count: 40), [0], Array(repeating: 1, count: 41), [],
        ]
        #expect(HistoryIndexSortKey(keys[0], position: 0) == nil)
        #expect(HistoryIndexSortKey.order(of: keys) == [4, 2, 1, 0, 3])
        #expect(HistoryIndexSortKey.order(of: keys) == Self.byteOrder(keys))
    }
}
