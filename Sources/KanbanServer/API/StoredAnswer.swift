/// An HTTP answer as kept under an idempotency key: a fingerprint of the request it answered,
/// its status and its JSON body. Bytes: u8 format (1) · u64 LE fingerprint · u16 LE status ·
/// the body. Whatever the store gives back is checked, never trusted.
struct StoredAnswer: Sendable, Equatable {
    var fingerprint: UInt64
    var status: Int
    var body: [UInt8]

    static let format: UInt8 = 1

    /// The bytes to keep.
    var bytes: [UInt8] {
        var bytes: [UInt8] = [Self.format]
        bytes.reserveCapacity(11 + body.count)
        withUnsafeBytes(of: fingerprint.littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt16(clamping: status).littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: body)
        return bytes
    }

    init(fingerprint: UInt64, status: Int, body: [UInt8]) {
        self.fingerprint = fingerprint
        self.status = status
        self.body = body
    }

    /// Reads kept bytes; `nil` when they are not an answer of this format.
    init?(bytes: [UInt8]) {
        guard bytes.count >= 11, bytes[0] == Self.format else { return nil }
        var fingerprint: UInt64 = 0
        for index in 0..<8 { fingerprint |= UInt64(bytes[1 + index]) << (8 * index) }
        let status = Int(bytes[9]) | Int(bytes[10]) << 8
        guard (100...599).contains(status) else { return nil }
        self.init(fingerprint: fingerprint, status: status, body: Array(bytes[11...]))
    }

    /// FNV-1a over the parts that make a request what it is (method, path, body).
    static func fingerprint(_ parts: [[UInt8]]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part + [0xff] {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        return hash
    }
}
