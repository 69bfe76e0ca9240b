/// The binary form of card events (kinds 10–14), and of a card as events and snapshots carry
/// it:
///
/// ```
/// cardAdded, cardDeleted, cardRevived   card · index
/// cardEdited                            card id · u8 mask (1 title, 2 description, 4 due) ·
///                                         title if not changed · then each changed field, new then old
/// cardMoved                             card id · to column · key · from column · from index ·
///                                         to index · title
/// card                                  id · column · key · title · description · due
/// key                                   ZigZag integer · count · fraction digits
/// due                                   u8 0 none, 1 and ZigZag days, or 2 and ZigZag milliseconds
/// ```
extension EventCodec {
    static func encodeCardAdded(_ added: CardAdded, into writer: inout ByteWriter) {
        encodeCard(added.card, into: &writer)
        writer.write(count: added.index)
    }

    static func decodeCardAdded(from reader: inout ByteReader) throws(EventDecodingError) -> CardAdded {
        CardAdded(card: try decodeCard(from: &reader), index: try reader.readCount())
    }

    static func encodeCardEdited(_ edited: CardEdited, into writer: inout ByteWriter) {
        // A presence mask: 1 title, 2 description, 4 due date. New value first, then old,
        // so replay can stop reading a field once it has the new value.
        let mask: UInt8 = (edited.titleChange == nil ? 0 : 1) | (edited.descriptionChange == nil ? 0 : 2)
            | (edited.dueChange == nil ? 0 : 4)
        writer.write(edited.card.raw)
        writer.write(mask)
        if edited.titleChange == nil { writer.write(edited.title) }
        if let change = edited.titleChange {
            writer.write(change.new)
            writer.write(change.old)
        }
        if let change = edited.descriptionChange {
            writer.write(change.new)
            writer.write(change.old)
        }
        if let change = edited.dueChange {
            encodeDue(change.new, into: &writer)
            encodeDue(change.old, into: &writer)
        }
    }

    static func decodeCardEdited(from reader: inout ByteReader) throws(EventDecodingError) -> CardEdited {
        let card = CardID(try reader.readIdentifier())
        let mask = try reader.readByte()
        guard mask & ~7 == 0 else { throw .malformed("edit mask \(mask)", at: reader.offset) }
        var edited = CardEdited(card: card, title: "")
        if mask & 1 == 0 {
            edited.title = try reader.readString()
        } else {
            let new = try reader.readString()
            edited.titleChange = Change(old: try reader.readString(), new: new)
            edited.title = new
        }
        if mask & 2 != 0 {
            let new = try reader.readString()
            edited.descriptionChange = Change(old: try reader.readString(), new: new)
        }
        if mask & 4 != 0 {
            let new = try decodeDue(from: &reader)
            edited.dueChange = Change(old: try decodeDue(from: &reader), new: new)
        }
        return edited
    }

    static func encodeCardMoved(_ moved: CardMoved, into writer: inout ByteWriter) {
        writer.write(moved.card.raw)
        writer.write(moved.to.raw)
        encodeKey(moved.key, into: &writer)
        writer.write(moved.from.raw)
        writer.write(count: moved.fromIndex)
        writer.write(count: moved.toIndex)
        writer.write(moved.title)
    }

    static func decodeCardMoved(from reader: inout ByteReader) throws(EventDecodingError) -> CardMoved {
        let card = CardID(try reader.readIdentifier())
        let to = ColumnID(try reader.readIdentifier())
        let key = try decodeKey(from: &reader)
        let from = ColumnID(try reader.readIdentifier())
        let fromIndex = try reader.readCount()
        let toIndex = try reader.readCount()
        let title = try reader.readString()
        return CardMoved(card: card, title: title, from: from, fromIndex: fromIndex, to: to, toIndex: toIndex, key: key)
    }

    static func encodeCardDeleted(_ deleted: CardDeleted, into writer: inout ByteWriter) {
        encodeCard(deleted.card, into: &writer)
        writer.write(count: deleted.index)
    }

    static func decodeCardDeleted(from reader: inout ByteReader) throws(EventDecodingError) -> CardDeleted {
        CardDeleted(card: try decodeCard(from: &reader), index: try reader.readCount())
    }

    static func encodeCardRevived(_ revived: CardRevived, into writer: inout ByteWriter) {
        encodeCard(revived.card, into: &writer)
        writer.write(count: revived.index)
    }

    static func decodeCardRevived(from reader: inout ByteReader) throws(EventDecodingError) -> CardRevived {
        CardRevived(card: try decodeCard(from: &reader), index: try reader.readCount())
    }

    static func encodeCard(_ card: Card, into writer: inout ByteWriter) {
        writer.write(card.id.raw)
        writer.write(card.column.raw)
        encodeKey(card.key, into: &writer)
        writer.write(card.title)
        writer.write(card.description)
        encodeDue(card.due, into: &writer)
    }

    @inline(__always)
    static func decodeCard(from reader: inout ByteReader) throws(EventDecodingError) -> Card {
        Card(
            id: CardID(try reader.readIdentifier()),
            column: ColumnID(try reader.readIdentifier()),
            key: try decodeKey(from: &reader),
            title: try reader.readString(),
            description: try reader.readString(),
            due: try decodeDue(from: &reader)
        )
    }

    /// A card as ``decodeCard(from:)`` reads it, but with empty strings: its title and
    /// description come back as spans of the reader's bytes (checked as UTF-8 as the strings
    /// would be), for replay to make into strings at once, or at its end if no later event
    /// replaces them.
    static func decodeCardDeferringTexts(from reader: inout ByteReader) throws(EventDecodingError) -> (Card, DeferredTexts) {
        let id = CardID(try reader.readIdentifier())
        let column = ColumnID(try reader.readIdentifier())
        let key = try decodeKey(from: &reader)
        let texts = DeferredTexts(title: try reader.readTextSpan(), description: try reader.readTextSpan())
        let card = Card(id: id, column: column, key: key, title: "", description: "", due: try decodeDue(from: &reader))
        return (card, texts)
    }

    /// Steps over a card as ``decodeCard(from:)`` reads it, making none of its strings.
    static func skipCard(from reader: inout ByteReader) throws(EventDecodingError) {
        try reader.skip(32) // id, column
        try skipKey(from: &reader)
        try reader.skipString() // title
        try reader.skipString() // description
        _ = try decodeDue(from: &reader)
    }

    /// Steps over an order key as ``decodeKey(from:)`` reads it: its integer, then its
    /// fraction digits, unchecked.
    static func skipKey(from reader: inout ByteReader) throws(EventDecodingError) {
        _ = try reader.readSigned()
        try reader.skip(try reader.readCount())
    }

    /// Steps over what an edit with presence `mask` carries after its title: the new and the
    /// old description, and the new and the old due date, each when the mask has it.
    static func skipEditedDescriptionAndDue(mask: UInt8, from reader: inout ByteReader) throws(EventDecodingError) {
        if mask & 2 != 0 {
            try reader.skipString()
            try reader.skipString()
        }
        if mask & 4 != 0 {
            _ = try decodeDue(from: &reader)
            _ = try decodeDue(from: &reader)
        }
    }

    static func encodeKey(_ key: OrderKey, into writer: inout ByteWriter) {
        writer.write(signed: key.integer)
        let fraction = key.fraction
        writer.write(count: fraction.count)
        for digit in fraction { writer.write(digit) }
    }

    /// An order key. The lowest key of all (`Int64.min` with no fraction), which nothing sorts
    /// below, is refused: no card could then be put in front of it.
    @inline(__always)
    static func decodeKey(from reader: inout ByteReader) throws(EventDecodingError) -> OrderKey {
        let integer = try reader.readSigned()
        let count = try reader.readCount()
        if count == 0 {
            guard integer > Int64.min else { throw .malformed("order key below every other", at: reader.offset) }
            return OrderKey(integer: integer)
        }
        let digits = try reader.readSlice(count)
        guard digits[count - 1] != 0 else { throw .malformed("order key ends in a zero digit", at: reader.offset) }
        return OrderKey(integer: integer, fractionDigits: digits)
    }

    static func encodeDue(_ due: Due?, into writer: inout ByteWriter) {
        switch due {
        case nil:
            writer.write(0)
        case .day(let day)?:
            writer.write(1)
            writer.write(signed: day.daysSinceEpoch)
        case .moment(let moment)?:
            writer.write(2)
            writer.write(signed: moment.millisecondsSinceEpoch)
        }
    }

    @inline(__always)
    static func decodeDue(from reader: inout ByteReader) throws(EventDecodingError) -> Due? {
        switch try reader.readByte() {
        case 0: return nil
        case 1: return .day(CalendarDay(daysSinceEpoch: try reader.readSigned()))
        case 2: return .moment(Timestamp(millisecondsSinceEpoch: try reader.readSigned()))
        case let tag: throw .malformed("due date tag \(tag)", at: reader.offset)
        }
    }
}
