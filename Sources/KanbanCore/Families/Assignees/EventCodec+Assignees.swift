/// The binary form of `cardAssigned` and `cardUnassigned` (kinds 30 and 31), after the card id
/// and title: the person's name (`str`).
extension EventCodec {
    /// Writes the person assigned or unassigned.
    static func encodeAssignment(_ person: String, into writer: inout ByteWriter) {
        writer.write(person)
    }

    /// Reads an assignment (`kind` `cardAssigned`) or an unassignment.
    static func decodeAssignment(_ kind: EventKind, from reader: inout ByteReader) throws(EventDecodingError) -> CardDetailEdit {
        let person = try reader.readString()
        return kind == .cardAssigned ? .assigned(person) : .unassigned(person)
    }
}
