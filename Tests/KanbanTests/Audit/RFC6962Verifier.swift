import Kanban

/// A second, minimal reading of RFC 6962 / RFC 9162, written from the RFC text alone, to check
/// the engine's tree and proofs: the tree hash by its recursive definition, and the proof
/// verification algorithms of RFC 9162 sections 2.1.3.2 and 2.1.4.2.
enum RFC6962Verifier {
    typealias Hash = [UInt8]

    /// MTH(D[n]) by the definition: the empty hash, a leaf, or the node of the split at the
    /// largest power of two smaller than n.
    static func treeHash(_ leaves: [Hash]) -> Hash {
        if leaves.isEmpty { return MerkleHash.empty }
        if leaves.count == 1 { return leaves[0] }
        var k = 1
        while k * 2 < leaves.count { k *= 2 }
        return MerkleHash.node(treeHash(Array(leaves[..<k])), treeHash(Array(leaves[k...])))
    }

    /// RFC 9162 2.1.3.2: verifies an inclusion proof of `leaf` at `index` in a tree of `size`.
    static func verifyInclusion(leaf: Hash, index: UInt64, size: UInt64, path: [Hash], root: Hash) -> Bool {
        guard index < size else { return false }
        var fn = index
        var sn = size - 1
        var r = leaf
        for p in path {
            if sn == 0 { return false }
            if fn & 1 == 1 || fn == sn {
                r = MerkleHash.node(p, r)
                if fn & 1 == 0 {
                    while fn & 1 == 0 && fn != 0 {
                        fn >>= 1
                        sn >>= 1
                    }
                }
            } else {
                r = MerkleHash.node(r, p)
            }
            fn >>= 1
            sn >>= 1
        }
        return sn == 0 && r == root
    }

    /// RFC 9162 2.1.4.2: verifies a consistency proof between trees of `old` and `new` leaves.
    static func verifyConsistency(old: UInt64, new: UInt64, oldRoot: Hash, newRoot: Hash, path: [Hash]) -> Bool {
        if old == new { return path.isEmpty && oldRoot == newRoot }
        if old == 0 { return path.isEmpty }
        guard old < new, !path.isEmpty else { return false }
        var proof = path
        if old & (old - 1) == 0 { proof.insert(oldRoot, at: 0) }
        var fn = old - 1
        var sn = new - 1
        while fn & 1 == 1 {
            fn >>= 1
            sn >>= 1
        }
        var fr = proof[0]
        var sr = proof[0]
        for c in proof.dropFirst() {
            if sn == 0 { return false }
            if fn & 1 == 1 || fn == sn {
                fr = MerkleHash.node(c, fr)
                sr = MerkleHash.node(c, sr)
                if fn & 1 == 0 {
                    while fn & 1 == 0 && fn != 0 {
                        fn >>= 1
                        sn >>= 1
                    }
                }
            } else {
                sr = MerkleHash.node(sr, c)
            }
            fn >>= 1
            sn >>= 1
        }
        return fr == oldRoot && sr == newRoot && sn == 0
    }
}
