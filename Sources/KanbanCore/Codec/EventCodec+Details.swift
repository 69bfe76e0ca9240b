/// The binary form of card and board details (kinds 30–50), in the layout of ``EventCodec``:
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
///   memberRoleChanged                            str · u8 new role · u8 old role
///   visibilityChanged                            u8 new · u8 old
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
    /// Writes `changed`; `marks` writes a comment edit's marks (format versions 4 and 5). Each
    /// kind's layout is its family's (`Families/`).
    static func encodeCardDetail(_ changed: CardDetailChanged, into writer: inout ByteWriter, marks: Bool) {
        writer.write(changed.card.raw)
        writer.write(changed.title)
        switch changed.edit {
        case .assigned(let person), .unassigned(let person): encodeAssignment(person, into: &writer)
        case .labelled(let label), .unlabelled(let label): encodeLabelling(label, into: &writer)
        case .dueMarked(let done): encodeDueMark(done, into: &writer)
        case .commentAdded(let comment, let index), .commentDeleted(let comment, let index): encodeComment(comment, index: index, into: &writer)
        case .commentEdited(let id, let change, let mark): encodeCommentEdit(id, change, mark: mark, into: &writer, marks: marks)
        case .itemAdded(let item, let index), .itemRemoved(let item, let index): encodeItem(item, index: index, into: &writer)
        case .itemRenamed(let id, let change): encodeItemRename(id, change, into: &writer)
        case .itemChecked(let id, let text, let done): encodeItemCheck(id, text: text, done: done, into: &writer)
        case .itemMoved(let id, let text, let from, let to): encodeItemMove(id, text: text, from: from, to: to, into: &writer)
        case .linkAttached(let link, let index), .linkRemoved(let link, let index): encodeLink(link, index: index, into: &writer)
        }
    }

    /// Reads a change of `kind`; `marks` reads a comment edit's marks (format versions 4 and 5).
    static func decodeCardDetail(_ kind: EventKind, from reader: inout ByteReader, marks: Bool) throws(EventDecodingError) -> CardDetailChanged {
        let card = CardID(try reader.readIdentifier())
        let title = try reader.readString()
        let edit: CardDetailEdit
        switch kind {
        case .cardAssigned, .cardUnassigned: edit = try decodeAssignment(kind, from: &reader)
        case .cardLabelled, .cardUnlabelled: edit = try decodeLabelling(kind, from: &reader)
        case .dueMarked: edit = try decodeDueMark(from: &reader)
        case .commentAdded, .commentDeleted: edit = try decodeCommentChange(kind, from: &reader)
        case .commentEdited: edit = try decodeCommentEdit(from: &reader, marks: marks)
        case .checklistItemAdded, .checklistItemRemoved: edit = try decodeItemChange(kind, from: &reader)
        case .checklistItemRenamed: edit = try decodeItemRename(from: &reader)
        case .checklistItemChecked: edit = try decodeItemCheck(from: &reader)
        case .checklistItemMoved: edit = try decodeItemMove(from: &reader)
        case .linkAttached, .linkRemoved: edit = try decodeLinkChange(kind, from: &reader)
        default:
            throw .malformed("kind \(kind.rawValue) is not a card detail", at: reader.offset)
        }
        return CardDetailChanged(card: card, title: title, edit: edit)
    }

    /// Writes `changed`; each kind's layout is its family's.
    static func encodeBoardDetail(_ changed: BoardDetailChanged, into writer: inout ByteWriter) {
        switch changed.edit {
        case .memberAdded(let person), .memberRemoved(let person): encodeMembership(person, into: &writer)
        case .memberRoleChanged(let person, let change): encodeRoleChange(person, change, into: &writer)
        case .visibilityChanged(let change): encodeVisibilityChange(change, into: &writer)
        case .labelChanged(let name, let change): encodeLabelChange(name, change, into: &writer)
        case .columnLimited(let column, let change): encodeColumnLimit(column, change, into: &writer)
        }
    }

    /// Reads a change of `kind` to a board's details.
    static func decodeBoardDetail(_ kind: EventKind, from reader: inout ByteReader) throws(EventDecodingError) -> BoardDetailChanged {
        let edit: BoardDetailEdit
        switch kind {
        case .memberAdded, .memberRemoved: edit = try decodeMembership(kind, from: &reader)
        case .memberRoleChanged: edit = try decodeRoleChange(from: &reader)
        case .visibilityChanged: edit = try decodeVisibilityChange(from: &reader)
        case .labelChanged: edit = try decodeLabelChange(from: &reader)
        case .columnLimitChanged: edit = try decodeColumnLimit(from: &reader)
        default:
            throw .malformed("kind \(kind.rawValue) is not a board detail", at: reader.offset)
        }
        return BoardDetailChanged(edit: edit)
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
