/// The binary form of card and board details (kinds 30–48), in the layout of ``EventCodec``:
///
/// ```
/// card details:  card id · title · then by kind
///   assigned, unassigned, labelled, unlabelled   str (person or label)
///   dueMarked                                    u8 done
///   commentAdded, commentDeleted                 comment (id · author · text · at) · index
///   commentEdited, checklistItemRenamed          id · new str · old str
///     (commentEdited, format 4 and 5)            · mark: u8 0 (edited now) · previous, or
///                                                  u8 1 (set back) · old · new
///   checklistItemAdded, checklistItemRemoved     item (id · checklist · text · u8 done) · index
///   checklistItemChecked                         id · text · u8 done
///   checklistItemMoved                           id · text · from index · to index
///   linkAttached, linkRemoved                    link (id · url · name) · index
/// board details: by kind
///   memberAdded, memberRemoved                   str
///   labelChanged                                 name · new colour · old colour (u8 0, or 1 and str)
///   columnLimitChanged                           column (id · name) · new · old (u8 0 none, 1 and the
///                                                  limit, or 2 and a strict limit)
/// ```
///
/// A comment is its id · author · text · u8 flags, then what they say follows: 1, when it was
/// written (ZigZag milliseconds; without it, the event's own time), and 2, when it was last
/// edited. Logs written before edit times were kept hold flags 0 and 1 only, and limits 0 and
/// 1 only. A mark (when a comment was edited) is u8 0 for none, or 1 and ZigZag milliseconds.
extension EventCodec {
    /// Writes `changed`; `marks` writes a comment edit's marks (format versions 4 and 5).
    static func encodeCardDetail(_ changed: CardDetailChanged, into writer: inout ByteWriter, marks: Bool) {
        writer.write(changed.card.raw)
        writer.write(changed.title)
        switch changed.edit {
        case .assigned(let text), .unassigned(let text), .labelled(let text), .unlabelled(let text):
            writer.write(text)
        case .dueMarked(let done):
            writer.write(done ? 1 : 0)
        case .commentAdded(let comment, let index), .commentDeleted(let comment, let index):
            encodeComment(comment, into: &writer)
            writer.write(count: index)
        case .commentEdited(let id, let change, let mark):
            writer.write(id.raw)
            writer.write(change.new)
            writer.write(change.old)
            guard marks else { break }
            switch mark {
            case .now(let previous):
                writer.write(0)
                encodeMark(previous, into: &writer)
            case .set(let change):
                writer.write(1)
                encodeMark(change.old, into: &writer)
                encodeMark(change.new, into: &writer)
            }
        case .itemRenamed(let id, let change):
            writer.write(id.raw)
            writer.write(change.new)
            writer.write(change.old)
        case .itemAdded(let item, let index), .itemRemoved(let item, let index):
            writer.write(item.id.raw)
            writer.write(item.checklist)
            writer.write(item.text)
            writer.write(item.done ? 1 : 0)
            writer.write(count: index)
        case .itemChecked(let id, let text, let done):
            writer.write(id.raw)
            writer.write(text)
            writer.write(done ? 1 : 0)
        case .itemMoved(let id, let text, let from, let to):
            writer.write(id.raw)
            writer.write(text)
            writer.write(count: from)
            writer.write(count: to)
        case .linkAttached(let link, let index), .linkRemoved(let link, let index):
            writer.write(link.id.raw)
            writer.write(link.url)
            writer.write(link.name)
            writer.write(count: index)
        }
    }

    /// Reads a change of `kind`; `marks` reads a comment edit's marks (format versions 4 and 5).
    static func decodeCardDetail(_ kind: EventKind, from reader: inout ByteReader, marks: Bool) throws(EventDecodingError) -> CardDetailChanged {
        let card = CardID(try reader.readIdentifier())
        let title = try reader.readString()
        let edit: CardDetailEdit
        switch kind {
        case .cardAssigned: edit = .assigned(try reader.readString())
        case .cardUnassigned: edit = .unassigned(try reader.readString())
        case .cardLabelled: edit = .labelled(try reader.readString())
        case .cardUnlabelled: edit = .unlabelled(try reader.readString())
        case .dueMarked: edit = .dueMarked(done: try decodeFlag(from: &reader))
        case .commentAdded: edit = .commentAdded(try decodeComment(from: &reader), index: try reader.readCount())
        case .commentDeleted: edit = .commentDeleted(try decodeComment(from: &reader), index: try reader.readCount())
        case .commentEdited:
            let id = DetailID(try reader.readIdentifier())
            let new = try reader.readString()
            let change = Change(old: try reader.readString(), new: new)
            edit = .commentEdited(id, change, mark: marks ? try decodeEditMark(from: &reader) : .now(previous: nil))
        case .checklistItemRenamed:
            let id = DetailID(try reader.readIdentifier())
            let new = try reader.readString()
            edit = .itemRenamed(id, Change(old: try reader.readString(), new: new))
        case .checklistItemAdded, .checklistItemRemoved:
            let item = ChecklistItem(
                id: DetailID(try reader.readIdentifier()), checklist: try reader.readString(), text: try reader.readString(),
                done: try decodeFlag(from: &reader)
            )
            let index = try reader.readCount()
            edit = kind == .checklistItemAdded ? .itemAdded(item, index: index) : .itemRemoved(item, index: index)
        case .checklistItemChecked:
            edit = .itemChecked(DetailID(try reader.readIdentifier()), text: try reader.readString(), done: try decodeFlag(from: &reader))
        case .checklistItemMoved:
            edit = .itemMoved(DetailID(try reader.readIdentifier()), text: try reader.readString(), from: try reader.readCount(), to: try reader.readCount())
        case .linkAttached, .linkRemoved:
            let link = CardLink(id: DetailID(try reader.readIdentifier()), url: try reader.readString(), name: try reader.readString())
            let index = try reader.readCount()
            edit = kind == .linkAttached ? .linkAttached(link, index: index) : .linkRemoved(link, index: index)
        default:
            throw .malformed("kind \(kind.rawValue) is not a card detail", at: reader.offset)
        }
        return CardDetailChanged(card: card, title: title, edit: edit)
    }

    static func encodeBoardDetail(_ changed: BoardDetailChanged, into writer: inout ByteWriter) {
        switch changed.edit {
        case .memberAdded(let person), .memberRemoved(let person):
            writer.write(person)
        case .labelChanged(let name, let change):
            writer.write(name)
            encodeOptionalString(change.new, into: &writer)
            encodeOptionalString(change.old, into: &writer)
        case .columnLimited(let column, let change):
            encodeColumn(column, into: &writer)
            encodeLimit(change.new, into: &writer)
            encodeLimit(change.old, into: &writer)
        }
    }

    static func decodeBoardDetail(_ kind: EventKind, from reader: inout ByteReader) throws(EventDecodingError) -> BoardDetailChanged {
        switch kind {
        case .memberAdded: return BoardDetailChanged(edit: .memberAdded(try reader.readString()))
        case .memberRemoved: return BoardDetailChanged(edit: .memberRemoved(try reader.readString()))
        case .labelChanged:
            let name = try reader.readString()
            let new = try decodeOptionalString(from: &reader)
            return BoardDetailChanged(edit: .labelChanged(name, Change(old: try decodeOptionalString(from: &reader), new: new)))
        case .columnLimitChanged:
            let column = try decodeColumn(from: &reader)
            let new = try decodeLimit(from: &reader)
            let old = try decodeLimit(from: &reader)
            return BoardDetailChanged(edit: .columnLimited(column, Change(old: old, new: new)))
        default:
            throw .malformed("kind \(kind.rawValue) is not a board detail", at: reader.offset)
        }
    }

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

    /// A column's limit: u8 0 for none, 1 and the limit, or 2 and a strict limit.
    static func encodeLimit(_ limit: ColumnLimit?, into writer: inout ByteWriter) {
        guard let limit else { return writer.write(0) }
        writer.write(limit.isStrict ? 2 : 1)
        writer.write(count: limit.cards)
    }

    static func decodeLimit(from reader: inout ByteReader) throws(EventDecodingError) -> ColumnLimit? {
        switch try reader.readByte() {
        case 0: return nil
        case 1: return ColumnLimit(try reader.readCount())
        case 2: return ColumnLimit(try reader.readCount(), strict: true)
        case let form: throw .malformed("column limit \(form)", at: reader.offset)
        }
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

    /// A byte that must be 0 or 1.
    static func decodeFlag(from reader: inout ByteReader) throws(EventDecodingError) -> Bool {
        switch try reader.readByte() {
        case 0: return false
        case 1: return true
        case let byte: throw .malformed("flag \(byte)", at: reader.offset)
        }
    }
}
