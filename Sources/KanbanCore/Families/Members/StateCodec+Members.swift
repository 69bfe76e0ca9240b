/// A board's members in a snapshot's details section: count, then each name.
extension StateCodec {
    static func encodeMembers(of details: BoardDetails, into writer: inout ByteWriter) {
        writeStrings(details.members, into: &writer)
    }

    static func decodeMembers(from reader: inout ByteReader, into details: inout BoardDetails, limit: Int) throws(EventDecodingError) {
        details.members = try readStrings(from: &reader, limit: limit)
    }
}
