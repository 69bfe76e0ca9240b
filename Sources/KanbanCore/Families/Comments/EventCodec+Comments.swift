/// The binary form of comments (kinds 35–37), after the card id and title:
///
/// ```
/// commentAdded, commentDeleted   comment (id · author · text · u8 flags · times) · index
/// commentEdited                  id · new str · old str
///   (format 4 and 5)             · mark: u8 0 (edited now) · previous, or u8 1 (set back) · old · new
/// ```
///
/// A comment's flags say what follows: 1, when it was written (ZigZag milliseconds; without it,
/// the event's own time), and 2, when it was last edited. Logs written before edit times were
/// kept hold flags 0 and 1 only. A mark is u8 0 for none, or 1 and ZigZag milliseconds.
extension EventCodec {
    /// Writes a comment written or deleted, and its index.
    static func encodeComment(_ comment: Comment, index: Int, into writer: inout ByteWriter) {
        encodeComment(comment, into: &writer)
        writer.write(count: index)
    }

    /// Reads a comment written (`kind` `commentAdded`) or deleted, and its index.
    static func decodeCommentChange(_ kind: EventKind, from reader: inout ByteReader) throws(EventDecodingError) -> CardDetailEdit {
        let comment = try decodeComment(from: &reader)
        let index = try reader.readCount()
        return kind == .commentAdded ? .commentAdded(comment, index: index) : .commentDeleted(comment, index: index)
    }

    /// Writes a comment's edit; `marks` writes its marks (format versions 4 and 5).
    static func encodeCommentEdit(_ id: DetailID, _ change: Change<String>, mark: CommentEditMark, into writer: inout ByteWriter, marks: Bool) {
        writer.write(id.raw)
        writer.write(change.new)
        writer.write(change.old)
        guard marks else { return }
        switch mark {
        case .now(let previous):
            writer.write(0)
            encodeMark(previous, into: &writer)
        case .set(let change):
            writer.write(1)
            encodeMark(change.old, into: &writer)
            encodeMark(change.new, into: &writer)
        }
    }

    /// Reads a comment's edit; without `marks` (format versions 1–3) it was made then, its
    /// previous mark unknown.
    static func decodeCommentEdit(from reader: inout ByteReader, marks: Bool) throws(EventDecodingError) -> CardDetailEdit {
        let id = DetailID(try reader.readIdentifier())
        let new = try reader.readString()
        let change = Change(old: try reader.readString(), new: new)
        return .commentEdited(id, change, mark: marks ? try decodeEditMark(from: &reader) : .now(previous: nil))
    }

    /// Writes a comment as events and snapshots carry it.
    static func encodeComment(_ comment: Comment, into writer: inout ByteWriter) {
        writer.write(comment.id.raw)
        writer.write(comment.author)
        writer.write(comment.text)
        let flags: UInt8 = (comment.at == nil ? 0 : 1) | (comment.editedAt == nil ? 0 : 2)
        writer.write(flags)
        if let at = comment.at { writer.write(signed: at.millisecondsSinceEpoch) }
        if let editedAt = comment.editedAt { writer.write(signed: editedAt.millisecondsSinceEpoch) }
    }

    /// A comment; `edited` accepts the flag of an edit time (refused where a layout has none).
    static func decodeComment(from reader: inout ByteReader, edited: Bool = true) throws(EventDecodingError) -> Comment {
        let id = DetailID(try reader.readIdentifier())
        let author = try reader.readString()
        let text = try reader.readString()
        let flags = try reader.readByte()
        guard flags & ~(edited ? 3 : 1) == 0 else { throw .malformed("comment flags \(flags)", at: reader.offset) }
        let at = flags & 1 == 0 ? nil : Timestamp(millisecondsSinceEpoch: try reader.readSigned())
        let editedAt = flags & 2 == 0 ? nil : Timestamp(millisecondsSinceEpoch: try reader.readSigned())
        return Comment(id: id, author: author, text: text, at: at, editedAt: editedAt)
    }

    static func encodeMark(_ mark: Timestamp?, into writer: inout ByteWriter) {
        if let mark {
            writer.write(1)
            writer.write(signed: mark.millisecondsSinceEpoch)
        } else {
            writer.write(0)
        }
    }

    static func decodeMark(from reader: inout ByteReader) throws(EventDecodingError) -> Timestamp? {
        try decodeFlag(from: &reader) ? Timestamp(millisecondsSinceEpoch: try reader.readSigned()) : nil
    }

    static func decodeEditMark(from reader: inout ByteReader) throws(EventDecodingError) -> CommentEditMark {
        switch try reader.readByte() {
        case 0: return .now(previous: try decodeMark(from: &reader))
        case 1:
            let old = try decodeMark(from: &reader)
            return .set(Change(old: old, new: try decodeMark(from: &reader)))
        case let form: throw .malformed("comment edit mark \(form)", at: reader.offset)
        }
    }
}
