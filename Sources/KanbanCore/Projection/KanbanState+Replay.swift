extension KanbanState {
    /// Applies an event straight from its binary form (``EventCodec``), reading only what the
    /// board state and the undo stacks need: replay's fast path. Card events skip the ids and texts
    /// the state does not keep (a move's title, an edit's old values) without building them; board,
    /// column, undo and redo events, which are rare, go through the full decoder. The result equals
    /// `apply(try EventCodec.decode(bytes, sequence: sequence))`.
    ///
    /// Skipped fields are bounds-checked but their text is not validated as UTF-8; the full
    /// decoder (`kanban log`) checks every byte. Returns the event's timestamp (when it was appended).
    @discardableResult
    public mutating func apply(encoded bytes: UnsafeRawBufferPointer, sequence: UInt64) throws(EventDecodingError) -> Timestamp {
        // A backdated event's trailer (when it happened) is no part of the state.
        var (reader, _, _) = try EventCodec.openBody(bytes)
        let tag = try reader.readByte()
        guard let kind = EventKind(rawValue: tag) else { throw .unknownKind(tag) }
        let timestamp = Timestamp(millisecondsSinceEpoch: try reader.readInt64())

        switch kind {
        case .cardMoved:
            try reader.skip(32) // event id, board id
            let actor = try reader.readSlice(try reader.readCount())
            let card = CardID(try reader.readIdentifier())
            let to = ColumnID(try reader.readIdentifier())
            let key = try EventCodec.decodeKey(from: &reader)
            try reader.skip(16) // from column
            _ = try reader.readVarint() // from index
            _ = try reader.readVarint() // to index
            try reader.skipString() // title
            try reader.expectEnd()
            moveCard(card, to: to, key: key)
            undoStacks.recordAction(actorBytes: actor, sequence: sequence)
        case .cardEdited:
            try reader.skip(32)
            let actor = try reader.readSlice(try reader.readCount())
            let card = CardID(try reader.readIdentifier())
            let mask = try reader.readByte()
            guard mask & ~7 == 0 else { throw .malformed("edit mask \(mask)", at: reader.offset) }
            // The texts are read in place; made strings of now, or at the end of a replay
            // that defers them.
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
            try reader.expectEnd()
            if cards.isDeferringTexts {
                editCard(card, deferredTitle: title, description: description, due: due)
            } else {
                editCard(card, title: title?.string, description: description?.string, due: due)
            }
            undoStacks.recordAction(actorBytes: actor, sequence: sequence)
        case .cardAdded, .cardRevived:
            // A revive carries the card as it comes back, laid out as an add.
            try reader.skip(32)
            let actor = try reader.readSlice(try reader.readCount())
            var (card, texts) = try EventCodec.decodeCardDeferringTexts(from: &reader)
            _ = try reader.readVarint()
            try reader.expectEnd()
            if cards.isDeferringTexts {
                insertCard(card, texts: texts)
            } else {
                card.title = texts.title.string
                card.description = texts.description.string
                insertCard(card)
            }
            undoStacks.recordAction(actorBytes: actor, sequence: sequence)
        case .cardDeleted:
            try reader.skip(32)
            let actor = try reader.readSlice(try reader.readCount())
            let card = CardID(try reader.readIdentifier())
            try reader.skip(16) // column
            _ = try EventCodec.decodeKey(from: &reader)
            try reader.skipString() // title
            try reader.skipString() // description
            _ = try EventCodec.decodeDue(from: &reader)
            _ = try reader.readVarint() // index
            try reader.expectEnd()
            removeCard(card)
            undoStacks.recordAction(actorBytes: actor, sequence: sequence)
        default:
            apply(try EventCodec.decode(bytes, sequence: sequence))
        }
        lastSequence = sequence
        return timestamp
    }

    /// From now on, ``apply(encoded:sequence:)`` keeps the titles and descriptions it reads as
    /// places in the bytes it was given instead of making strings of them, and
    /// ``endDeferringTexts()`` makes strings of those that last: a replay makes most texts only
    /// for a later edit or delete to drop them. The bytes of every event applied meanwhile
    /// must stay valid until then (an LMDB read transaction's do), and the cards' texts must
    /// not be read before it.
    public mutating func beginDeferringTexts() {
        cards.beginDeferringTexts()
    }

    /// Makes strings of the texts kept since ``beginDeferringTexts()``, and stops deferring.
    public mutating func endDeferringTexts() {
        cards.endDeferringTexts()
    }
}
