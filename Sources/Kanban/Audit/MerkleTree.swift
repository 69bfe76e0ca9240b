import KanbanCore
import LMDBStorage

/// The RFC 6962 Merkle tree over the log, kept in the named database `merkle` in the same write
/// transactions as the events it covers. It stores every leaf hash and the hash of every
/// complete, aligned subtree, so appending a leaf writes O(1) hashes on average and the root,
/// an audit path or a consistency proof of any size reads O(log n) of them.
///
/// Keys: u8 level · u64 big-endian index → 32-byte hash; level 0 index `i` is the leaf of
/// event `i + 1`, level `l` index `i` the subtree of leaves `i·2^l ..< (i+1)·2^l`. The key
/// `0xFF` holds the number of leaves (u64 LE).
package struct MerkleTree: Sendable {
    let database: Database

    private static let sizeKey: [UInt8] = [0xFF]

    init(environment: Environment) throws {
        database = try environment.database(.merkle)
    }

    /// How many leaves (events) the tree covers.
    package func size(in transaction: some Transaction) throws -> UInt64 {
        guard let value = try transaction.value(forKey: Self.sizeKey, in: database), value.count == 8 else { return 0 }
        return value.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    /// Adds the leaves of the events after the tree's size, up to the log's end (or `limit` of
    /// them); returns the new size. Events must be appended in order: the tree follows the log.
    @discardableResult
    func extend(from log: EventLog, limit: Int = .max, in transaction: WriteTransaction) throws -> UInt64 {
        let start = try self.size(in: transaction)
        var leaves: [InlineDigest] = []
        try log.forEachRaw(after: start, in: transaction) { sequence, bytes in
            guard leaves.count < limit else { return false }
            let expected = start + UInt64(leaves.count)
            guard sequence == expected + 1 else {
                throw KanbanError.corruptEvent(sequence: sequence, reason: "the log skips from #\(expected) to #\(sequence)")
            }
            leaves.append(MerkleHash.leafDigest(bytes))
            return true
        }
        guard !leaves.isEmpty else { return start }
        var frontier = [InlineDigest?](repeating: nil, count: 64)
        // By level, as deep as this extension reaches (a commit of a few events: one or two).
        var made: [[Node]] = []
        var size = start
        for leaf in leaves {
            try append(leaf: leaf, at: size, frontier: &frontier, made: &made, in: transaction)
            size += 1
        }
        // Level by level, each in index order: every key after the one before it, so each put
        // lands beside the last without a search from the root.
        try transaction.withWriteCursor(on: database) { cursor in
            for (level, nodes) in made.enumerated() {
                for node in nodes {
                    try Self.withKey(level: UInt8(level), index: node.index) { key in
                        try node.hash.withUnsafeBytes { value in try cursor.put(value, forKey: key) }
                    }
                }
            }
            try cursor.put(Self.littleEndian(size), forKey: Self.sizeKey)
        }
        return size
    }

    /// A hash made by an extension, to be stored at its level.
    private struct Node {
        let index: UInt64
        let hash: InlineDigest
    }

    /// Cuts the tree back to its first `size` leaves (a node's cache cut back to its shared
    /// log's prefix): every leaf and subtree that covers a leaf at or past `size` is removed, so
    /// the next ``extend(from:limit:in:)`` goes on from `size`. A tree no larger is left as it is.
    func truncate(to size: UInt64, in transaction: WriteTransaction) throws {
        let old = try self.size(in: transaction)
        guard size < old else { return }
        for level in 0..<64 {
            // Level `level` holds the complete subtrees `0 ..< old >> level`; those from
            // `size >> level` on reach past `size`.
            let first = size >> UInt64(level), end = old >> UInt64(level)
            guard first < end else { continue }
            for index in first..<end { _ = try transaction.delete(forKey: Self.key(level: UInt8(level), index: index), in: database) }
        }
        try transaction.put(Self.littleEndian(size), forKey: Self.sizeKey, in: database)
    }

    /// Adds leaf `index` (0-based) and every subtree it completes to `made`, by level. `frontier`
    /// holds, by level, the last complete subtree this extension made there: the left sibling
    /// the next one at that level pairs with. One made before the extension is read from the
    /// database once.
    private func append(leaf: InlineDigest, at index: UInt64, frontier: inout [InlineDigest?], made: inout [[Node]], in transaction: WriteTransaction) throws {
        var hash = leaf
        var level = 0
        var position = index
        Self.add(Node(index: position, hash: hash), level: 0, to: &made)
        while position & 1 == 1 {
            guard let left = try frontier[level] ?? storedNode(level: UInt8(level), index: position - 1, in: transaction) else {
                throw KanbanError.corruptEvent(sequence: index + 1, reason: "the audit tree lacks the node at level \(level), index \(position - 1)")
            }
            hash = left.withUnsafeBytes { left in hash.withUnsafeBytes { right in MerkleHash.nodeDigest(left, right) } }
            level += 1
            position >>= 1
            Self.add(Node(index: position, hash: hash), level: level, to: &made)
        }
        frontier[level] = hash
    }

    /// Adds `node` to `made`'s list of `level`, making the levels up to it as needed.
    private static func add(_ node: Node, level: Int, to made: inout [[Node]]) {
        while made.count <= level { made.append([]) }
        made[level].append(node)
    }

    /// The stored node `index` at `level`, or `nil` when it is missing or not 32 bytes.
    private func storedNode(level: UInt8, index: UInt64, in transaction: some Transaction) throws -> InlineDigest? {
        try Self.withKey(level: level, index: index) { key in
            try transaction.withValue(forKey: key, in: database) { InlineDigest($0) } ?? nil
        }
    }

    /// The stored leaf hash of event `sequence`, or `nil`.
    func leaf(_ sequence: UInt64, in transaction: some Transaction) throws -> MerkleHash.Digest? {
        guard sequence > 0 else { return nil }
        return try transaction.value(forKey: Self.key(level: 0, index: sequence - 1), in: database)
    }

    /// MTH(D[start ..< start + count]) from the stored hashes (RFC 6962 2.1).
    func hash(start: UInt64, count: UInt64, in transaction: some Transaction) throws -> MerkleHash.Digest {
        if count == 0 { return MerkleHash.empty }
        if count & (count - 1) == 0, start % count == 0 {
            let level = UInt8(count.trailingZeroBitCount)
            if let stored = try transaction.value(forKey: Self.key(level: level, index: start / count), in: database), stored.count == 32 {
                return stored
            }
            if count == 1 { throw KanbanError.corruptEvent(sequence: start + 1, reason: "the audit tree has no leaf for it") }
        }
        let split = Self.largestPowerOfTwo(below: count)
        return MerkleHash.node(
            try hash(start: start, count: split, in: transaction),
            try hash(start: start + split, count: count - split, in: transaction)
        )
    }

    /// The root of the tree of the first `size` events.
    package func root(size: UInt64, in transaction: some Transaction) throws -> MerkleHash.Digest {
        try hash(start: 0, count: size, in: transaction)
    }

    /// The audit path of leaf `index` (0-based) in the tree of the first `size` leaves
    /// (RFC 6962 2.1.1, PATH(m, D[n])).
    func auditPath(index: UInt64, size: UInt64, in transaction: some Transaction) throws -> [MerkleHash.Digest] {
        try path(index: index, start: 0, count: size, in: transaction)
    }

    private func path(index: UInt64, start: UInt64, count: UInt64, in transaction: some Transaction) throws -> [MerkleHash.Digest] {
        guard count > 1 else { return [] }
        let split = Self.largestPowerOfTwo(below: count)
        if index < split {
            return try path(index: index, start: start, count: split, in: transaction)
                + [try hash(start: start + split, count: count - split, in: transaction)]
        }
        return try path(index: index - split, start: start + split, count: count - split, in: transaction)
            + [try hash(start: start, count: split, in: transaction)]
    }

    /// The consistency proof between the trees of the first `old` and `new` leaves
    /// (RFC 6962 2.1.2, PROOF(m, D[n])).
    func consistencyProof(old: UInt64, new: UInt64, in transaction: some Transaction) throws -> [MerkleHash.Digest] {
        guard old > 0, old < new else { return [] }
        return try subproof(old, start: 0, count: new, complete: true, in: transaction)
    }

    private func subproof(_ m: UInt64, start: UInt64, count: UInt64, complete: Bool, in transaction: some Transaction) throws -> [MerkleHash.Digest] {
        if m == count {
            return complete ? [] : [try hash(start: start, count: count, in: transaction)]
        }
        let split = Self.largestPowerOfTwo(below: count)
        if m <= split {
            return try subproof(m, start: start, count: split, complete: complete, in: transaction)
                + [try hash(start: start + split, count: count - split, in: transaction)]
        }
        return try subproof(m - split, start: start + split, count: count - split, complete: false, in: transaction)
            + [try hash(start: start, count: split, in: transaction)]
    }

    /// The largest power of two smaller than `count` (which is at least 2).
    static func largestPowerOfTwo(below count: UInt64) -> UInt64 {
        UInt64(1) << (63 - (count - 1).leadingZeroBitCount)
    }

    /// Calls `body` with the key of node `index` at `level`, built on the stack.
    private static func withKey<Result>(level: UInt8, index: UInt64, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try withUnsafeTemporaryAllocation(byteCount: 9, alignment: 1) { key in
            key[0] = level
            withUnsafeBytes(of: index.bigEndian) { key.baseAddress!.advanced(by: 1).copyMemory(from: $0.baseAddress!, byteCount: 8) }
            return try body(UnsafeRawBufferPointer(key))
        }
    }

    static func key(level: UInt8, index: UInt64) -> [UInt8] {
        var key: [UInt8] = [level]
        withUnsafeBytes(of: index.bigEndian) { key.append(contentsOf: $0) }
        return key
    }

    private static func littleEndian(_ value: UInt64) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }
}
