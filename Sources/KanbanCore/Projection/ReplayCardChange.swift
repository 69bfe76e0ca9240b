/// What a card event does to the board state, read from its binary form by replay's fast path
/// (``KanbanState/apply(encoded:sequence:)``): only what the state keeps, the texts as places in
/// the event's bytes. A top-level card event, an undo's compensation and a redo's effect are
/// read the same way.
enum ReplayCardChange {
    case moved(CardID, to: ColumnID, key: OrderKey)
    case edited(CardID, title: TextSpan?, description: TextSpan?, due: Due??)
    case inserted(Card, DeferredTexts)
    case removed(CardID)

    /// Reads the payload of a card event of `kind`, which follows its actor (or its kind tag,
    /// nested), skipping what the state does not keep; `nil`, reading nothing, for any other kind.
    @inline(__always)
    static func read(_ kind: EventKind, from reader: inout ByteReader) throws(EventDecodingError) -> ReplayCardChange? {
        switch kind {
        case .cardMoved:
            let card = CardID(try reader.readIdentifier())
            let to = ColumnID(try reader.readIdentifier())
            let key = try EventCodec.decodeKey(from: &reader)
            try reader.skip(16) // from column
            _ = try reader.readVarint() // from index
            _ = try reader.readVarint() // to index
            try reader.skipString() // title
            return .moved(card, to: to, key: key)
        case .cardEdited:
            let card = CardID(try reader.readIdentifier())
            let mask = try reader.readByte()
            guard mask & ~7 == 0 else { throw .malformed("edit mask \(mask)", at: reader.offset) }
            var title: TextSpan?
            var description: TextSpan?
            var due: Due??
            if mask & 1 == 0 {
                try reader.skipString()
            } else {
                title = try reader.readTextSpan()
                try reader.skipString()
            }
            if mask & 2 != 0 {
                description = try reader.readTextSpan()
                try reader.skipString()
            }
            if mask & 4 != 0 {
                due = .some(try EventCodec.decodeDue(from: &reader))
                _ = try EventCodec.decodeDue(from: &reader)
            }
            return .edited(card, title: title, description: description, due: due)
        case .cardAdded, .cardRevived:
            // A revive carries the card as it comes back, laid out as an add.
            let (card, texts) = try EventCodec.decodeCardDeferringTexts(from: &reader)
            _ = try reader.readVarint() // index
            return .inserted(card, texts)
        case .cardDeleted:
            let card = CardID(try reader.readIdentifier())
            try reader.skip(16) // column
            _ = try EventCodec.decodeKey(from: &reader)
            try reader.skipString() // title
            try reader.skipString() // description
            _ = try EventCodec.decodeDue(from: &reader)
            _ = try reader.readVarint() // index
            return .removed(card)
        default:
            return nil
        }
    }

    /// Steps over the payload of a card event of `kind` without reading its values (an undo's
    /// payload undone, a redo's payload redone): `false`, reading nothing, for any other kind.
    @inline(__always)
    static func skip(_ kind: EventKind, from reader: inout ByteReader) throws(EventDecodingError) -> Bool {
        switch kind {
        case .cardMoved:
            try reader.skip(32) // card, to column
            try EventCodec.skipKey(from: &reader)
            try reader.skip(16) // from column
            _ = try reader.readVarint()
            _ = try reader.readVarint()
            try reader.skipString()
        case .cardEdited:
            try reader.skip(16)
            let mask = try reader.readByte()
            guard mask & ~7 == 0 else { throw .malformed("edit mask \(mask)", at: reader.offset) }
            try reader.skipString()
            if mask & 1 != 0 { try reader.skipString() }
            try EventCodec.skipEditedDescriptionAndDue(mask: mask, from: &reader)
        case .cardAdded, .cardRevived, .cardDeleted:
            try EventCodec.skipCard(from: &reader)
            _ = try reader.readVarint()
        default:
            return false
        }
        return true
    }
}
