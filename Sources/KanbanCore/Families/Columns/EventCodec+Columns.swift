/// The binary form of column events (kinds 4–7), and of a column as events carry it:
///
/// ```
/// columnAdded, columnRemoved   column · index
/// columnRenamed                column id · from str · to str
/// columnMoved                  column · from index · to index
/// column                       id · name
/// ```
extension EventCodec {
    static func encodeColumnAdded(_ added: ColumnAdded, into writer: inout ByteWriter) {
        encodeColumn(added.column, into: &writer)
        writer.write(count: added.index)
    }

    static func decodeColumnAdded(from reader: inout ByteReader) throws(EventDecodingError) -> ColumnAdded {
        ColumnAdded(column: try decodeColumn(from: &reader), index: try reader.readCount())
    }

    static func encodeColumnRenamed(_ renamed: ColumnRenamed, into writer: inout ByteWriter) {
        writer.write(renamed.column.raw)
        writer.write(renamed.from)
        writer.write(renamed.to)
    }

    static func decodeColumnRenamed(from reader: inout ByteReader) throws(EventDecodingError) -> ColumnRenamed {
        ColumnRenamed(column: ColumnID(try reader.readIdentifier()), from: try reader.readString(), to: try reader.readString())
    }

    static func encodeColumnRemoved(_ removed: ColumnRemoved, into writer: inout ByteWriter) {
        encodeColumn(removed.column, into: &writer)
        writer.write(count: removed.index)
    }

    static func decodeColumnRemoved(from reader: inout ByteReader) throws(EventDecodingError) -> ColumnRemoved {
        ColumnRemoved(column: try decodeColumn(from: &reader), index: try reader.readCount())
    }

    static func encodeColumnMoved(_ moved: ColumnMoved, into writer: inout ByteWriter) {
        encodeColumn(moved.column, into: &writer)
        writer.write(count: moved.fromIndex)
        writer.write(count: moved.toIndex)
    }

    static func decodeColumnMoved(from reader: inout ByteReader) throws(EventDecodingError) -> ColumnMoved {
        ColumnMoved(column: try decodeColumn(from: &reader), fromIndex: try reader.readCount(), toIndex: try reader.readCount())
    }

    static func encodeColumn(_ column: ColumnSpec, into writer: inout ByteWriter) {
        writer.write(column.id.raw)
        writer.write(column.name)
    }

    static func decodeColumn(from reader: inout ByteReader) throws(EventDecodingError) -> ColumnSpec {
        ColumnSpec(id: ColumnID(try reader.readIdentifier()), name: try reader.readString())
    }
}
