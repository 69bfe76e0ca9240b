/// The binary form of board events (kinds 1–3):
///
/// ```
/// boardCreated, boardRemoved   name · column count · columns · place (version 2: 0 none, else index + 1)
/// boardRenamed                 from str · to str
/// ```
extension EventCodec {
    static func encodeBoardCreated(_ created: BoardCreated, into writer: inout ByteWriter) {
        writer.write(created.name)
        encodeColumns(created.columns, into: &writer)
        encodeOptionalIndex(created.index, into: &writer)
    }

    static func decodeBoardCreated(from reader: inout ByteReader, version: UInt8) throws(EventDecodingError) -> BoardCreated {
        BoardCreated(name: try reader.readString(), columns: try decodeColumns(from: &reader), index: try decodeOptionalIndex(from: &reader, version: version))
    }

    static func encodeBoardRenamed(_ renamed: BoardRenamed, into writer: inout ByteWriter) {
        writer.write(renamed.from)
        writer.write(renamed.to)
    }

    static func decodeBoardRenamed(from reader: inout ByteReader) throws(EventDecodingError) -> BoardRenamed {
        BoardRenamed(from: try reader.readString(), to: try reader.readString())
    }

    static func encodeBoardRemoved(_ removed: BoardRemoved, into writer: inout ByteWriter) {
        writer.write(removed.name)
        encodeColumns(removed.columns, into: &writer)
        encodeOptionalIndex(removed.index, into: &writer)
    }

    static func decodeBoardRemoved(from reader: inout ByteReader, version: UInt8) throws(EventDecodingError) -> BoardRemoved {
        BoardRemoved(name: try reader.readString(), columns: try decodeColumns(from: &reader), index: try decodeOptionalIndex(from: &reader, version: version))
    }

    /// An optional index: 0 for none, else the index + 1.
    static func encodeOptionalIndex(_ index: Int?, into writer: inout ByteWriter) {
        writer.write(count: index.map { $0 + 1 } ?? 0)
    }

    /// Version 1 had no place for a board: it reads as none.
    static func decodeOptionalIndex(from reader: inout ByteReader, version: UInt8) throws(EventDecodingError) -> Int? {
        guard version >= 2 else { return nil }
        let value = try reader.readCount()
        return value == 0 ? nil : value - 1
    }

    static func encodeColumns(_ columns: [ColumnSpec], into writer: inout ByteWriter) {
        writer.write(count: columns.count)
        for column in columns { encodeColumn(column, into: &writer) }
    }

    /// A board's columns (of `boardCreated` and `boardRemoved`): at least one, as every board
    /// keeps one; a board without columns would leave `add` nowhere to put a card.
    static func decodeColumns(from reader: inout ByteReader) throws(EventDecodingError) -> [ColumnSpec] {
        let count = try reader.readCount()
        guard count > 0 else { throw .malformed("a board with no columns", at: reader.offset) }
        guard count <= reader.buffer.count else { throw .malformed("column count \(count)", at: reader.offset) }
        var columns: [ColumnSpec] = []
        columns.reserveCapacity(count)
        for _ in 0..<count { columns.append(try decodeColumn(from: &reader)) }
        return columns
    }
}
