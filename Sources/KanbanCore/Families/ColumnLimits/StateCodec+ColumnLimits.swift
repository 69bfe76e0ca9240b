/// A board's column limits in a snapshot's details section: count, then column id · limit, by
/// column id, and in layout 3 · u8 strict.
extension StateCodec {
    static func encodeLimits(of details: BoardDetails, into writer: inout ByteWriter, version: UInt8) {
        writer.write(count: details.limits.count)
        for (column, limit) in details.limits.sorted(by: { $0.key < $1.key }) {
            writer.write(column.raw)
            writer.write(count: limit)
            if version >= markedDetailsVersion { writer.write(details.strictLimits.contains(column) ? 1 : 0) }
        }
    }

    static func decodeLimits(from reader: inout ByteReader, into details: inout BoardDetails, limit: Int, version: UInt8) throws(EventDecodingError) {
        let marked = version >= markedDetailsVersion
        for _ in 0..<(try readCount(from: &reader, limit: limit)) {
            let column = ColumnID(try reader.readIdentifier())
            details.limits[column] = try reader.readCount()
            if marked, try EventCodec.decodeFlag(from: &reader) { details.strictLimits.insert(column) }
        }
    }
}
