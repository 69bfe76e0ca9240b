import Crypto

/// A SHA-256 digest held in four words rather than an array: the audit tree's hashes as it
/// grows, made and stored without touching the heap.
package struct InlineDigest: Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The bytes of `digest`.
    package init(_ digest: SHA256Digest) {
        digest.withUnsafeBytes { bytes in Swift.withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: bytes) } }
    }

    /// `bytes` as a digest, or `nil` unless they are 32.
    package init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 32 else { return nil }
        Swift.withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: bytes) }
    }

    /// Calls `body` with the digest's 32 bytes.
    package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try Swift.withUnsafeBytes(of: words, body)
    }
}
