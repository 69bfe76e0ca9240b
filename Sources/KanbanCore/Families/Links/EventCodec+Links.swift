/// The binary form of `linkAttached` and `linkRemoved` (kinds 43 and 44), after the card id and
/// title: the link (id · url · name) · index.
extension EventCodec {
    /// Writes a link attached or removed, and its index.
    static func encodeLink(_ link: CardLink, index: Int, into writer: inout ByteWriter) {
        encodeLink(link, into: &writer)
        writer.write(count: index)
    }

    /// Reads a link attached (`kind` `linkAttached`) or removed, and its index.
    static func decodeLinkChange(_ kind: EventKind, from reader: inout ByteReader) throws(EventDecodingError) -> CardDetailEdit {
        let link = try decodeLink(from: &reader)
        let index = try reader.readCount()
        return kind == .linkAttached ? .linkAttached(link, index: index) : .linkRemoved(link, index: index)
    }

    /// Writes a link as events and snapshots carry it: id · url · name.
    static func encodeLink(_ link: CardLink, into writer: inout ByteWriter) {
        writer.write(link.id.raw)
        writer.write(link.url)
        writer.write(link.name)
    }

    static func decodeLink(from reader: inout ByteReader) throws(EventDecodingError) -> CardLink {
        CardLink(id: DetailID(try reader.readIdentifier()), url: try reader.readString(), name: try reader.readString())
    }
}
