/// A card's labels in a snapshot's details section: count, then each name.
extension StateCodec {
    static func encodeLabels(of details: CardDetails, into writer: inout ByteWriter) {
        writeStrings(details.labels, into: &writer)
    }

    static func decodeLabels(from reader: inout ByteReader, into details: inout CardDetails, limit: Int) throws(EventDecodingError) {
        details.labels = try readStrings(from: &reader, limit: limit)
    }
}
