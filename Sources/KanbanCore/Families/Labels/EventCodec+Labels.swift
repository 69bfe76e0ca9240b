/// The binary form of `cardLabelled` and `cardUnlabelled` (kinds 32 and 33), after the card id
/// and title: the label's name (`str`).
extension EventCodec {
    /// Writes the label put on or taken off.
    static func encodeLabelling(_ label: String, into writer: inout ByteWriter) {
        writer.write(label)
    }

    /// Reads a label put on (`kind` `cardLabelled`) or taken off.
    static func decodeLabelling(_ kind: EventKind, from reader: inout ByteReader) throws(EventDecodingError) -> CardDetailEdit {
        let label = try reader.readString()
        return kind == .cardLabelled ? .labelled(label) : .unlabelled(label)
    }
}
