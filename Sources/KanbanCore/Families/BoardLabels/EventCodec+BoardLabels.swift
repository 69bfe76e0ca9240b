/// The binary form of `labelChanged` (kind 47): name · new colour · old colour, each colour
/// u8 0 (none), or 1 and `str`.
extension EventCodec {
    /// Writes a label made, recoloured or removed.
    static func encodeLabelChange(_ name: String, _ change: Change<String?>, into writer: inout ByteWriter) {
        writer.write(name)
        encodeOptionalString(change.new, into: &writer)
        encodeOptionalString(change.old, into: &writer)
    }

    static func decodeLabelChange(from reader: inout ByteReader) throws(EventDecodingError) -> BoardDetailEdit {
        let name = try reader.readString()
        let new = try decodeOptionalString(from: &reader)
        return .labelChanged(name, Change(old: try decodeOptionalString(from: &reader), new: new))
    }

    static func encodeOptionalString(_ text: String?, into writer: inout ByteWriter) {
        if let text {
            writer.write(1)
            writer.write(text)
        } else {
            writer.write(0)
        }
    }

    static func decodeOptionalString(from reader: inout ByteReader) throws(EventDecodingError) -> String? {
        try decodeFlag(from: &reader) ? try reader.readString() : nil
    }
}
