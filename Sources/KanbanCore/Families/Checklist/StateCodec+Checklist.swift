/// A card's checklist in a snapshot's details section: count, then each item as events carry it.
extension StateCodec {
    static func encodeChecklist(of details: CardDetails, into writer: inout ByteWriter) {
        writer.write(count: details.checklist.count)
        for item in details.checklist { EventCodec.encodeItem(item, into: &writer) }
    }

    static func decodeChecklist(from reader: inout ByteReader, into details: inout CardDetails, limit: Int) throws(EventDecodingError) {
        for _ in 0..<(try readCount(from: &reader, limit: limit)) { details.checklist.append(try EventCodec.decodeItem(from: &reader)) }
    }
}
