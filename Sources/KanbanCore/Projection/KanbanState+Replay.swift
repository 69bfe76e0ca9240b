extension KanbanState {
    /// Applies an event straight from its binary form (``EventCodec``), reading only what the
    /// board state and the undo stacks need: replay's fast path. Card events, and undos and redos
    /// of card events, skip the ids and texts the state does not keep (a move's title, an edit's
    /// old values, the payload an undo undid) without building them; board, column and detail
    /// events, which are rare, go through the full decoder. The result equals
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
        case .undone, .redone:
            // Both carry their target, the payload undone (or redone), then the one that
            // takes effect, each nested: its kind tag, then its payload.
            try reader.skip(32)
            let actor = try reader.readSlice(try reader.readCount())
            let target = try reader.readVarint()
            guard let done = EventKind(rawValue: try reader.readByte()),
                  try ReplayCardChange.skip(done, from: &reader),
                  let effect = EventKind(rawValue: try reader.readByte()),
                  let change = try ReplayCardChange.read(effect, from: &reader)
            else {
                // Board, column and detail payloads, and anything malformed, as the decoder reads them.
                apply(try EventCodec.decode(bytes, sequence: sequence))
                break
            }
            try reader.expectEnd()
            apply(change)
            if kind == .undone {
                undoStacks.recordUndo(actorBytes: actor, target: target, sequence: sequence)
            } else {
                undoStacks.recordRedo(actorBytes: actor, target: target, sequence: sequence)
            }
        default:
            try reader.skip(32) // event id, board id
            let actor = try reader.readSlice(try reader.readCount())
            guard let change = try ReplayCardChange.read(kind, from: &reader) else {
                // Board, column and detail events, as the decoder reads them.
                apply(try EventCodec.decode(bytes, sequence: sequence))
                break
            }
            try reader.expectEnd()
            apply(change)
            undoStacks.recordAction(actorBytes: actor, sequence: sequence)
        }
        lastSequence = sequence
        return timestamp
    }

    /// Applies a card change replay's fast path read: texts kept as places in the event's bytes
    /// while replay defers them, made strings now otherwise.
    @inline(__always)
    private mutating func apply(_ change: ReplayCardChange) {
        switch change {
        case .moved(let card, let to, let key):
            moveCard(card, to: to, key: key)
        case .edited(let card, let title, let description, let due):
            if cards.isDeferringTexts {
                editCard(card, deferredTitle: title, description: description, due: due)
            } else {
                editCard(card, title: title?.string, description: description?.string, due: due)
            }
        case .inserted(var card, let texts):
            if cards.isDeferringTexts {
                insertCard(card, texts: texts)
            } else {
                card.title = texts.title.string
                card.description = texts.description.string
                insertCard(card)
            }
        case .removed(let card):
            removeCard(card)
        }
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
