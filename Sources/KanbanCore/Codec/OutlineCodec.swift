/// The binary form of a ``BoardOutline``.
///
/// Layout (version 1; counts and sequence numbers LEB128):
///
/// ```
/// u8 version · the boards section of a snapshot (``StateCodec``: last sequence, boards created,
/// boards, columns) · i64 LE timestamp of the last event · end count, then column id · card
/// count · last order key (as events carry keys)
/// ```
public enum OutlineCodec {
    /// The layout version this build writes and reads.
    public static let version: UInt8 = 1

    public static func encode(_ outline: BoardOutline) -> [UInt8] {
        var writer = ByteWriter(capacity: 256 + outline.ends.count * 40)
        writer.write(version)
        StateCodec.encodeBoards(of: outline.boards, into: &writer)
        writer.write(littleEndian: outline.lastTimestamp.millisecondsSinceEpoch)
        // By column id, so the same outline always encodes to the same bytes.
        let ends = outline.ends.compactMap { column, end in
            end.lastKey.flatMap { end.count > 0 ? (column, end.count, $0) : nil }
        }.sorted { $0.0 < $1.0 }
        writer.write(count: ends.count)
        for (column, count, key) in ends {
            writer.write(column.raw)
            writer.write(count: count)
            EventCodec.encodeKey(key, into: &writer)
        }
        return writer.bytes
    }

    /// The outline `bytes` encode. Every column end must name a column of the outline and hold
    /// at least one card.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(EventDecodingError) -> BoardOutline {
        var reader = ByteReader(bytes)
        let version = try reader.readByte()
        guard version == OutlineCodec.version else { throw .malformed("outline layout \(version)", at: 0) }
        let boards = try StateCodec.decodeBoards(from: &reader, limit: bytes.count)
        let timestamp = Timestamp(millisecondsSinceEpoch: try reader.readInt64())
        let count = try reader.readCount()
        guard count <= bytes.count else { throw .malformed("column end count \(count)", at: reader.offset) }
        var ends: [ColumnID: ColumnEnd] = [:]
        for _ in 0..<count {
            let column = ColumnID(try reader.readIdentifier())
            let cards = try reader.readCount()
            guard boards.columns[column] != nil, ends[column] == nil, cards > 0 else {
                throw .malformed("column end of \(column)", at: reader.offset)
            }
            ends[column] = ColumnEnd(count: cards, lastKey: try EventCodec.decodeKey(from: &reader))
        }
        try reader.expectEnd()
        return BoardOutline(boards: boards, lastTimestamp: timestamp, ends: ends)
    }
}
