import Crypto

/// The hashes of RFC 6962's Merkle tree (section 2.1), over SHA-256: a leaf is
/// `SHA-256(0x00 ‖ value)`, a node `SHA-256(0x01 ‖ left ‖ right)`, the tree of no leaves
/// `SHA-256()`. The leaf of event `i` is the value stored for sequence `i` in `events`, byte for byte.
public enum MerkleHash {
    /// A hash: 32 bytes.
    public typealias Digest = [UInt8]

    /// The hash of a tree with no leaves.
    public static let empty: Digest = Array(SHA256.hash(data: [UInt8]()))

    /// The leaf hash of `value`.
    public static func leaf(_ value: some Sequence<UInt8>) -> Digest {
        let bytes = Array(value)
        return bytes.withUnsafeBytes { leafDigest($0).withUnsafeBytes { Array($0) } }
    }

    /// The hash of the node whose children hash to `left` and `right`.
    public static func node(_ left: Digest, _ right: Digest) -> Digest {
        left.withUnsafeBytes { left in right.withUnsafeBytes { right in nodeDigest(left, right).withUnsafeBytes { Array($0) } } }
    }

    /// The leaf hash of the bytes `value`, on the stack: what ``leaf(_:)`` returns as an array.
    package static func leafDigest(_ value: UnsafeRawBufferPointer) -> InlineDigest {
        var hasher = SHA256()
        withUnsafeBytes(of: UInt8(0x00)) { hasher.update(bufferPointer: $0) }
        hasher.update(bufferPointer: value)
        return InlineDigest(hasher.finalize())
    }

    /// The node hash of the children hashes `left` and `right`, on the stack: what
    /// ``node(_:_:)`` returns as an array.
    package static func nodeDigest(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> InlineDigest {
        var hasher = SHA256()
        withUnsafeBytes(of: UInt8(0x01)) { hasher.update(bufferPointer: $0) }
        hasher.update(bufferPointer: left)
        hasher.update(bufferPointer: right)
        return InlineDigest(hasher.finalize())
    }

    /// `digest` in lowercase hexadecimal.
    public static func hex(_ digest: Digest) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(digest.count * 2)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The digest that `text` (hexadecimal) spells, or `nil`.
    public static func digest(hex text: String) -> Digest? {
        let bytes = Array(text.utf8)
        guard bytes.count % 2 == 0 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var digest: Digest = []
        digest.reserveCapacity(bytes.count / 2)
        var index = 0
        while index < bytes.count {
            guard let high = value(bytes[index]), let low = value(bytes[index + 1]) else { return nil }
            digest.append(high << 4 | low)
            index += 2
        }
        return digest
    }
}
