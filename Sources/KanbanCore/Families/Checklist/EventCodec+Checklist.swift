/// The binary form of checklist changes (kinds 38–42), after the card id and title:
///
/// ```
/// checklistItemAdded, checklistItemRemoved   item (id · checklist · text · u8 done) · index
/// checklistItemRenamed                       id · new str · old str
/// checklistItemChecked                       id · text · u8 done
/// checklistItemMoved                         id · text · from index · to index
/// ```
extension EventCodec {
    /// Writes an item added or removed, and its index.
    static func encodeItem(_ item: ChecklistItem, index: Int, into writer: inout ByteWriter) {
        encodeItem(item, into: &writer)
        writer.write(count: index)
    }

    /// Reads an item added (`kind` `checklistItemAdded`) or removed, and its index.
    static func decodeItemChange(_ kind: EventKind, from reader: inout ByteReader) throws(EventDecodingError) -> CardDetailEdit {
        let item = try decodeItem(from: &reader)
        let index = try reader.readCount()
        return kind == .checklistItemAdded ? .itemAdded(item, index: index) : .itemRemoved(item, index: index)
    }

    static func encodeItemRename(_ id: DetailID, _ change: Change<String>, into writer: inout ByteWriter) {
        writer.write(id.raw)
        writer.write(change.new)
        writer.write(change.old)
    }

    static func decodeItemRename(from reader: inout ByteReader) throws(EventDecodingError) -> CardDetailEdit {
        let id = DetailID(try reader.readIdentifier())
        let new = try reader.readString()
        return .itemRenamed(id, Change(old: try reader.readString(), new: new))
    }

    static func encodeItemCheck(_ id: DetailID, text: String, done: Bool, into writer: inout ByteWriter) {
        writer.write(id.raw)
        writer.write(text)
        writer.write(done ? 1 : 0)
    }

    static func decodeItemCheck(from reader: inout ByteReader) throws(EventDecodingError) -> CardDetailEdit {
        .itemChecked(DetailID(try reader.readIdentifier()), text: try reader.readString(), done: try decodeFlag(from: &reader))
    }

    static func encodeItemMove(_ id: DetailID, text: String, from: Int, to: Int, into writer: inout ByteWriter) {
        writer.write(id.raw)
        writer.write(text)
        writer.write(count: from)
        writer.write(count: to)
    }

    static func decodeItemMove(from reader: inout ByteReader) throws(EventDecodingError) -> CardDetailEdit {
        .itemMoved(DetailID(try reader.readIdentifier()), text: try reader.readString(), from: try reader.readCount(), to: try reader.readCount())
    }

    /// Writes an item as events and snapshots carry it: id · checklist · text · u8 done.
    static func encodeItem(_ item: ChecklistItem, into writer: inout ByteWriter) {
        writer.write(item.id.raw)
        writer.write(item.checklist)
        writer.write(item.text)
        writer.write(item.done ? 1 : 0)
    }

    static func decodeItem(from reader: inout ByteReader) throws(EventDecodingError) -> ChecklistItem {
        ChecklistItem(
            id: DetailID(try reader.readIdentifier()), checklist: try reader.readString(), text: try reader.readString(),
            done: try decodeFlag(from: &reader)
        )
    }
}
