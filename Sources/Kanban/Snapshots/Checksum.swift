/// FNV-1a, 64 bits: a snapshot's checksum. It catches torn or damaged values; it is not a
/// defence against someone forging one (they could forge the log too).
enum Checksum {
    static func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
