/// Builds RFC 6962 roots leaf by leaf with O(log n) memory: it keeps the hash of each complete
/// subtree not yet paired, and reports every subtree each new leaf completes (level, index,
/// hash), as ``MerkleTree`` stores them.
package struct MerkleRootBuilder {
    /// Complete subtrees, largest (leftmost) first: (level, hash).
    private var stack: [(level: UInt8, hash: MerkleHash.Digest)] = []
    package private(set) var count: UInt64 = 0

    package init() {}

    /// Adds a leaf; returns the subtrees it completes, leaf first.
    package mutating func append(_ leaf: MerkleHash.Digest) -> [(UInt8, UInt64, MerkleHash.Digest)] {
        var completed: [(UInt8, UInt64, MerkleHash.Digest)] = [(0, count, leaf)]
        var node = (level: UInt8(0), hash: leaf)
        var index = count
        while let last = stack.last, last.level == node.level {
            stack.removeLast()
            node = (node.level + 1, MerkleHash.node(last.hash, node.hash))
            index >>= 1
            completed.append((node.level, index, node.hash))
        }
        stack.append(node)
        count += 1
        return completed
    }

    /// The root of the leaves so far: the subtrees folded right to left.
    package var root: MerkleHash.Digest {
        guard var hash = stack.last?.hash else { return MerkleHash.empty }
        for subtree in stack.dropLast().reversed() { hash = MerkleHash.node(subtree.hash, hash) }
        return hash
    }
}
