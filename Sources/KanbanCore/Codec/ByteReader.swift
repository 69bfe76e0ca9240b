/// Reads the primitives of the binary event encoding from a buffer, checking every bound.
/// Malformed input throws ``EventDecodingError``; it never traps.
struct ByteReader {
    let buffer: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ buffer: UnsafeRawBufferPointer) { self.buffer = buffer }

    var isAtEnd: Bool { offset == buffer.count }

    @inline(__always)
    private mutating func take(_ count: Int) throws(EventDecodingError) -> Int {
        guard count >= 0, count <= buffer.count - offset else { throw .truncated(at: offset) }
        let start = offset
        offset += count
        return start
    }

    @inline(__always)
    mutating func readByte() throws(EventDecodingError) -> UInt8 {
        buffer[try take(1)]
    }

    @inline(__always)
    mutating func readInt64() throws(EventDecodingError) -> Int64 {
        Int64(littleEndian: buffer.loadUnaligned(fromByteOffset: try take(8), as: Int64.self))
    }

    @inline(__always)
    mutating func readIdentifier() throws(EventDecodingError) -> Identifier {
        let start = try take(16)
        return Identifier(
            high: UInt64(bigEndian: buffer.loadUnaligned(fromByteOffset: start, as: UInt64.self)),
            low: UInt64(bigEndian: buffer.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self))
        )
    }

    @inline(__always)
    mutating func readVarint() throws(EventDecodingError) -> UInt64 {
        // Fast paths: counts, indexes and keys almost always fit in one or two bytes.
        if offset + 2 <= buffer.count {
            let first = buffer[offset]
            if first < 0x80 {
                offset += 1
                return UInt64(first)
            }
            let second = buffer[offset + 1]
            if second < 0x80 {
                offset += 2
                return UInt64(first & 0x7F) | UInt64(second) << 7
            }
        } else if offset < buffer.count, buffer[offset] < 0x80 {
            offset += 1
            return UInt64(buffer[offset - 1])
        }
        return try readLongVarint()
    }

    private mutating func readLongVarint() throws(EventDecodingError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try readByte()
            guard shift < 64 else { throw .malformed("varint too long", at: offset) }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    @inline(__always)
    mutating func readCount() throws(EventDecodingError) -> Int {
        let value = try readVarint()
        guard value <= UInt64(Int32.max) else { throw .malformed("count \(value) too large", at: offset) }
        return Int(value)
    }

    @inline(__always)
    mutating func readSigned() throws(EventDecodingError) -> Int64 {
        let raw = try readVarint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    @inline(__always)
    mutating func readString() throws(EventDecodingError) -> String {
        let count = try readCount()
        let start = try take(count)
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[start..<start + count])
        if ByteReader.isASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
        return try ByteReader.validatedString(bytes, at: start)
    }

    /// The next string in place, as ``readString()`` reads it (the same check that it is
    /// UTF-8), without making it a string: valid as long as the buffer.
    mutating func readTextSpan() throws(EventDecodingError) -> TextSpan {
        let lengthAt = offset
        let count = try readCount()
        let start = try take(count)
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[start..<start + count])
        guard ByteReader.isASCII(bytes) || ByteReader.isValidUTF8(bytes) else { throw .malformed("invalid UTF-8", at: start) }
        return TextSpan(lengthAt: buffer.baseAddress.map { $0 + lengthAt })
    }

    /// Whether `bytes` are well-formed UTF-8, as `String(decoding:)` takes them without
    /// replacing anything, checked without making a string.
    static func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// `bytes` as a string, or an error when they are not UTF-8. `String(decoding:)` replaces
    /// invalid input, so its result differs from the input exactly when that was invalid; this is
    /// much cheaper than `String(validating:)`, which takes a generic path.
    private static func validatedString(_ bytes: UnsafeRawBufferPointer, at start: Int) throws(EventDecodingError) -> String {
        var string = String(decoding: bytes, as: UTF8.self)
        let isValid = string.withUTF8 { utf8 in
            utf8.count == bytes.count && ByteReader.equal(UnsafeRawBufferPointer(utf8), bytes)
        }
        guard isValid else { throw .malformed("invalid UTF-8", at: start) }
        return string
    }

    /// Whether every byte is below 0x80, eight at a time.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        var bits: UInt64 = 0
        while index + 8 <= bytes.count {
            bits |= bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            bits |= UInt64(bytes[index])
            index += 1
        }
        return bits & 0x8080_8080_8080_8080 == 0
    }

    /// Whether `lhs` and `rhs`, of equal length, hold the same bytes; eight at a time.
    private static func equal(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index + 8 <= lhs.count {
            guard lhs.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                == rhs.loadUnaligned(fromByteOffset: index, as: UInt64.self) else { return false }
            index += 8
        }
        while index < lhs.count {
            guard lhs[index] == rhs[index] else { return false }
            index += 1
        }
        return true
    }

    /// Skips `count` bytes.
    @inline(__always)
    mutating func skip(_ count: Int) throws(EventDecodingError) {
        _ = try take(count)
    }

    /// Throws unless every byte was read.
    @inline(__always)
    func expectEnd() throws(EventDecodingError) {
        guard isAtEnd else { throw .trailingBytes(buffer.count - offset) }
    }

    /// Skips a string without building it.
    @inline(__always)
    mutating func skipString() throws(EventDecodingError) {
        _ = try take(try readCount())
    }

    /// The next `count` bytes, in place: valid as long as the buffer.
    @inline(__always)
    mutating func readSlice(_ count: Int) throws(EventDecodingError) -> UnsafeRawBufferPointer {
        let start = try take(count)
        return UnsafeRawBufferPointer(rebasing: buffer[start..<start + count])
    }

    mutating func readBytes(_ count: Int) throws(EventDecodingError) -> [UInt8] {
        let start = try take(count)
        return Array(buffer[start..<start + count])
    }
}
