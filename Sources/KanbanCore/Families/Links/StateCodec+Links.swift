/// A card's links in a snapshot's details section: count, then each link (id · url · name).
extension StateCodec {
    static func encodeLinks(of details: CardDetails, into writer: inout ByteWriter) {
        writer.write(count: details.links.count)
        for link in details.links { EventCodec.encodeLink(link, into: &writer) }
    }

    static func decodeLinks(from reader: inout ByteReader, into details: inout CardDetails, limit: Int) throws(EventDecodingError) {
        for _ in 0..<(try readCount(from: &reader, limit: limit)) { details.links.append(try EventCodec.decodeLink(from: &reader)) }
    }
}
