/// Whether a card's due date is done, in a snapshot's details section: `u8` 1 or 0.
extension StateCodec {
    static func encodeDueMark(of details: CardDetails, into writer: inout ByteWriter) {
        writer.write(details.dueDone ? 1 : 0)
    }

    static func decodeDueMark(from reader: inout ByteReader, into details: inout CardDetails) throws(EventDecodingError) {
        details.dueDone = try EventCodec.decodeFlag(from: &reader)
    }
}
