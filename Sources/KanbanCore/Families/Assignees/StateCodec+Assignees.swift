/// A card's assignees in a snapshot's details section: count, then each name.
extension StateCodec {
    static func encodeAssignees(of details: CardDetails, into writer: inout ByteWriter) {
        writeStrings(details.assignees, into: &writer)
    }

    static func decodeAssignees(from reader: inout ByteReader, into details: inout CardDetails, limit: Int) throws(EventDecodingError) {
        details.assignees = try readStrings(from: &reader, limit: limit)
    }
}
