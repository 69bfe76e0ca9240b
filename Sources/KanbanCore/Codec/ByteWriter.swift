/// Appends the primitives of the binary event encoding to a byte array.
struct ByteWriter {
    private(set) var bytes: [UInt8]

    init(capacity: Int = 128) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    mutating func write(_ byte: UInt8) { bytes.append(byte) }

    mutating func write(littleEndian value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ identifier: Identifier) {
        withUnsafeBytes(of: identifier.high.bigEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: identifier.low.bigEndian) { bytes.append(contentsOf: $0) }
    }

    /// LEB128: seven bits a byte, low first.
    mutating func write(varint value: UInt64) {
        var remaining = value
        while remaining >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: remaining) | 0x80)
            remaining >>= 7
        }
        bytes.append(UInt8(remaining))
    }

    /// A count or index, as the reader accepts it (0 ... Int32.max); decided events stay inside.
    mutating func write(count: Int) { write(varint: UInt64(min(max(count, 0), Int(Int32.max)))) }

    /// ZigZag, then LEB128: small magnitudes of either sign stay short.
    mutating func write(signed value: Int64) {
        write(varint: UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            write(count: utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }
}
