/// The binary form of a ``BoardOutline``.
///
/// Layout (version 1; counts and sequence numbers LEB128):
///
/// ```
/// u8 version · the boards section of a snapshot (``StateCodec``: last sequence, boards created,
/// boards, columns) · i64 LE timestamp of the last event · end count, then for each column
/// that holds cards (in the order the columns were written) its id · card count · last order
/// key (as events carry keys)
/// ```
///
/// Version 2, written only when some column's limit is strict, adds after the ends: strict
/// count, then for each strict column (in the order the columns were written) its id · limit.
public enum OutlineCodec {
    /// The layout version of an outline without strict limits.
    public static let version: UInt8 = 1
    /// The layout version of an outline with strict limits.
    public static let strictVersion: UInt8 = 2

    public static func encode(_ outline: BoardOutline) -> [UInt8] {
        encode(boards: outline.boards, lastTimestamp: outline.lastTimestamp, strictLimits: outline.strictLimits, end: outline.end(of:))
    }

    /// The bytes of the outline of `state` (whose last event has `lastTimestamp`): those of
    /// `encode(BoardOutline(of: state, lastTimestamp: lastTimestamp))`, without making the
    /// outline first — this runs in every command's transaction. Build the state's order index
    /// first (``KanbanState/buildOrderIndex()``), or this sorts each column.
    public static func encode(of state: KanbanState, lastTimestamp: Timestamp) -> [UInt8] {
        let strict = state.boardDetails.isEmpty ? [:] : BoardOutline.strictLimits(of: state)
        return encode(boards: state, lastTimestamp: lastTimestamp, strictLimits: strict) { column in
            let order = state.order(of: column)
            return order.last.map { ColumnEnd(count: order.count, lastKey: $0.key) } ?? .empty
        }
    }

    /// The boards and columns of `boards`, then `end(column)` for each column that holds cards,
    /// in the order the columns were written, then the strict limits (version 2).
    private static func encode(
        boards: KanbanState, lastTimestamp: Timestamp, strictLimits: [ColumnID: Int], end: (ColumnID) -> ColumnEnd
    ) -> [UInt8] {
        var writer = ByteWriter(capacity: 512)
        writer.write(strictLimits.isEmpty ? version : strictVersion)
        StateCodec.encodeBoards(of: boards, into: &writer)
        writer.write(littleEndian: lastTimestamp.millisecondsSinceEpoch)
        var count = 0
        StateCodec.forEachColumn(of: boards) { column in
            let end = end(column.id)
            if end.count > 0, end.lastKey != nil { count += 1 }
        }
        writer.write(count: count)
        StateCodec.forEachColumn(of: boards) { column in
            let end = end(column.id)
            guard end.count > 0, let key = end.lastKey else { return }
            writer.write(column.id.raw)
            writer.write(count: end.count)
            EventCodec.encodeKey(key, into: &writer)
        }
        guard !strictLimits.isEmpty else { return writer.bytes }
        writer.write(count: strictLimits.count)
        StateCodec.forEachColumn(of: boards) { column in
            guard let limit = strictLimits[column.id] else { return }
            writer.write(column.id.raw)
            writer.write(count: limit)
        }
        return writer.bytes
    }

    /// The outline `bytes` encode. Every column end must name a column of the outline and hold
    /// at least one card.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(EventDecodingError) -> BoardOutline {
        var reader = ByteReader(bytes)
        let version = try reader.readByte()
        guard version == OutlineCodec.version || version == strictVersion else { throw .malformed("outline layout \(version)", at: 0) }
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
        var strictLimits: [ColumnID: Int] = [:]
        if version == strictVersion {
            let count = try reader.readCount()
            guard count > 0, count <= bytes.count else { throw .malformed("strict limit count \(count)", at: reader.offset) }
            for _ in 0..<count {
                let column = ColumnID(try reader.readIdentifier())
                guard boards.columns[column] != nil, strictLimits[column] == nil else {
                    throw .malformed("strict limit of \(column)", at: reader.offset)
                }
                strictLimits[column] = try reader.readCount()
            }
        }
        try reader.expectEnd()
        return BoardOutline(boards: boards, lastTimestamp: timestamp, ends: ends, strictLimits: strictLimits)
    }
}
