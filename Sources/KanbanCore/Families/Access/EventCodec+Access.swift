/// The binary form of `memberRoleChanged` (kind 49: person · u8 new role · u8 old role) and
/// `visibilityChanged` (kind 50: u8 new · u8 old). Roles are 0 viewer, 1 commenter, 2 editor,
/// 3 admin, 255 not a member; visibilities 0 open, 1 members, 2 public.
extension EventCodec {
    /// The byte of no role: not a member.
    static let noRole: UInt8 = 255

    static func encodeRoleChange(_ person: String, _ change: Change<BoardRole?>, into writer: inout ByteWriter) {
        writer.write(person)
        writer.write(change.new?.rank ?? noRole)
        writer.write(change.old?.rank ?? noRole)
    }

    static func decodeRoleChange(from reader: inout ByteReader) throws(EventDecodingError) -> BoardDetailEdit {
        let person = try reader.readString()
        let new = try decodeOptionalRole(from: &reader)
        let old = try decodeOptionalRole(from: &reader)
        guard new != old else { throw .malformed("a role change to the same role", at: reader.offset) }
        return .memberRoleChanged(person, Change(old: old, new: new))
    }

    /// A role, or `nil` for ``noRole``.
    static func decodeOptionalRole(from reader: inout ByteReader) throws(EventDecodingError) -> BoardRole? {
        let byte = try reader.readByte()
        if byte == noRole { return nil }
        guard let role = BoardRole(rank: byte) else { throw .malformed("role \(byte)", at: reader.offset) }
        return role
    }

    static func encodeVisibilityChange(_ change: Change<BoardVisibility>, into writer: inout ByteWriter) {
        writer.write(change.new.code)
        writer.write(change.old.code)
    }

    static func decodeVisibilityChange(from reader: inout ByteReader) throws(EventDecodingError) -> BoardDetailEdit {
        let new = try decodeVisibility(from: &reader)
        let old = try decodeVisibility(from: &reader)
        return .visibilityChanged(Change(old: old, new: new))
    }

    /// A role; ``noRole`` is malformed here.
    static func decodeRole(from reader: inout ByteReader) throws(EventDecodingError) -> BoardRole {
        guard let role = try decodeOptionalRole(from: &reader) else { throw .malformed("role \(noRole)", at: reader.offset) }
        return role
    }

    static func decodeVisibility(from reader: inout ByteReader) throws(EventDecodingError) -> BoardVisibility {
        let byte = try reader.readByte()
        guard let visibility = BoardVisibility(code: byte) else { throw .malformed("visibility \(byte)", at: reader.offset) }
        return visibility
    }
}
