import Kanban
import Testing

@Suite("RFC 6962 hashes")
struct MerkleHashTests {
    @Test("The empty tree, a leaf and a node hash as RFC 6962 and SHA-256 define them")
    func vectors() {
        #expect(MerkleHash.hex(MerkleHash.empty) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        // SHA-256 of the single byte 0x00: the leaf hash of an empty value.
        #expect(MerkleHash.hex(MerkleHash.leaf([])) == "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d")
        let leaf = MerkleHash.leaf([0x61])
        #expect(MerkleHash.node(leaf, leaf) != MerkleHash.leaf(leaf + leaf))  // domain separation
        #expect(MerkleHash.digest(hex: MerkleHash.hex(leaf)) == leaf)
        #expect(MerkleHash.digest(hex: "0g") == nil)
        #expect(MerkleHash.digest(hex: "abc") == nil)
    }
}
