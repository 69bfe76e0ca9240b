/// The binary form of `dueMarked` (kind 34), after the card id and title: `u8` 1 done, 0 not.
extension EventCodec {
    /// Writes whether the due date was marked done.
    static func encodeDueMark(_ done: Bool, into writer: inout ByteWriter) {
        writer.write(done ? 1 : 0)
    }

    /// Reads a due mark.
    static func decodeDueMark(from reader: inout ByteReader) throws(EventDecodingError) -> CardDetailEdit {
        .dueMarked(done: try decodeFlag(from: &reader))
    }
}
