/// A board's roles and visibility in a layout-4 snapshot's details section, after its limits:
/// u8 visibility, then the count of members with a role other than editor, then each name ·
/// u8 role, by name.
extension StateCodec {
    static func encodeAccess(of details: BoardDetails, into writer: inout ByteWriter) {
        writer.write(details.visibility.code)
        writer.write(count: details.roles.count)
        for (person, role) in details.roles.sorted(by: { $0.key < $1.key }) {
            writer.write(person)
            writer.write(role.rank)
        }
    }

    static func decodeAccess(from reader: inout ByteReader, into details: inout BoardDetails, limit: Int) throws(EventDecodingError) {
        details.visibility = try EventCodec.decodeVisibility(from: &reader)
        for _ in 0..<(try readCount(from: &reader, limit: limit)) {
            let person = try reader.readString()
            details.roles[person] = try EventCodec.decodeRole(from: &reader)
        }
    }
}
