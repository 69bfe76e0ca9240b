/// An index entry's key read as five big-endian words, zero-padded, with its length and its
/// place among the entries: compared as integers, in the order of the key's bytes (LMDB's
/// default order; a key that another key extends comes first), ties kept in their place. Sorting
/// a step's entries by these is several times faster than comparing the byte arrays.
struct HistoryIndexSortKey: Comparable {
    /// The longest key it can hold; every key of the index's layout is shorter (33 bytes at most).
    static let capacity = 40

    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
    private var count: Int
    /// Where the entry is among those sorted.
    let position: Int

    /// The sort key of `key`, the entry at `position`; `nil` for a key longer than ``capacity``.
    init?(_ key: [UInt8], position: Int) {
        guard key.count <= Self.capacity else { return nil }
        var padded: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &padded) { raw in
            raw.copyBytes(from: key)
        }
        words = (padded.0.bigEndian, padded.1.bigEndian, padded.2.bigEndian, padded.3.bigEndian, padded.4.bigEndian)
        count = key.count
        self.position = position
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
        if lhs.words.0 != rhs.words.0 { return lhs.words.0 < rhs.words.0 }
        if lhs.words.1 != rhs.words.1 { return lhs.words.1 < rhs.words.1 }
        if lhs.words.2 != rhs.words.2 { return lhs.words.2 < rhs.words.2 }
        if lhs.words.3 != rhs.words.3 { return lhs.words.3 < rhs.words.3 }
        if lhs.words.4 != rhs.words.4 { return lhs.words.4 < rhs.words.4 }
        // Equal when padded: the shorter is a prefix of the longer (zeros past it), so first.
        if lhs.count != rhs.count { return lhs.count < rhs.count }
        return lhs.position < rhs.position
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }

    /// The positions of `keys` in the order of their bytes, equal keys in their order among
    /// `keys`: what a stable sort of them gives.
    static func order(of keys: [[UInt8]]) -> [Int] {
        var sortKeys: [HistoryIndexSortKey] = []
        sortKeys.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() {
            guard let sortKey = HistoryIndexSortKey(key, position: position) else {
                // A key of another layout: compare the bytes themselves.
                return keys.indices.sorted { lhs, rhs in
                    keys[lhs].lexicographicallyPrecedes(keys[rhs]) || (keys[lhs] == keys[rhs] && lhs < rhs)
                }
            }
            sortKeys.append(sortKey)
        }
        sortKeys.sort()
        return sortKeys.map(\.position)
    }
}
