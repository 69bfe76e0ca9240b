/// The binary form of `columnLimitChanged` (kind 48): column (id · name) · new · old, each
/// limit u8 0 (none), 1 and the limit, or 2 and a strict limit. Logs written before limits
/// could be strict hold 0 and 1 only.
extension EventCodec {
    /// Writes a column's limit set, changed or lifted.
    static func encodeColumnLimit(_ column: ColumnSpec, _ change: Change<ColumnLimit?>, into writer: inout ByteWriter) {
        encodeColumn(column, into: &writer)
        encodeLimit(change.new, into: &writer)
        encodeLimit(change.old, into: &writer)
    }

    static func decodeColumnLimit(from reader: inout ByteReader) throws(EventDecodingError) -> BoardDetailEdit {
        let column = try decodeColumn(from: &reader)
        let new = try decodeLimit(from: &reader)
        let old = try decodeLimit(from: &reader)
        return .columnLimited(column, Change(old: old, new: new))
    }

    /// A column's limit: u8 0 for none, 1 and the limit, or 2 and a strict limit.
    static func encodeLimit(_ limit: ColumnLimit?, into writer: inout ByteWriter) {
        guard let limit else { return writer.write(0) }
        writer.write(limit.isStrict ? 2 : 1)
        writer.write(count: limit.cards)
    }

    static func decodeLimit(from reader: inout ByteReader) throws(EventDecodingError) -> ColumnLimit? {
        switch try reader.readByte() {
        case 0: return nil
        case 1: return ColumnLimit(try reader.readCount())
        case 2: return ColumnLimit(try reader.readCount(), strict: true)
        case let form: throw .malformed("column limit \(form)", at: reader.offset)
        }
    }
}
