/// The binary form of `memberAdded` and `memberRemoved` (kinds 45 and 46): the person (`str`).
extension EventCodec {
    /// Writes the person who became, or stopped being, a member.
    static func encodeMembership(_ person: String, into writer: inout ByteWriter) {
        writer.write(person)
    }

    /// Reads a member added (`kind` `memberAdded`) or removed.
    static func decodeMembership(_ kind: EventKind, from reader: inout ByteReader) throws(EventDecodingError) -> BoardDetailEdit {
        let person = try reader.readString()
        return kind == .memberAdded ? .memberAdded(person) : .memberRemoved(person)
    }
}
