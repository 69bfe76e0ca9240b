/// A card's comments in a snapshot's details section: count, then each comment as events carry
/// it; layout 2 has no edit times.
extension StateCodec {
    static func encodeComments(of details: CardDetails, into writer: inout ByteWriter) {
        writer.write(count: details.comments.count)
        for comment in details.comments { EventCodec.encodeComment(comment, into: &writer) }
    }

    static func decodeComments(from reader: inout ByteReader, into details: inout CardDetails, limit: Int, version: UInt8) throws(EventDecodingError) {
        let marked = version >= markedDetailsVersion
        for _ in 0..<(try readCount(from: &reader, limit: limit)) {
            details.comments.append(try EventCodec.decodeComment(from: &reader, edited: marked))
        }
    }
}
