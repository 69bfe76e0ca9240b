extension FlowBuilder {
    /// Takes the next event of the log straight from its binary form (``EventCodec``), reading
    /// only what the flow needs: the engine's fast path, as ``KanbanState/apply(encoded:sequence:)``
    /// is replay's. Card events read their card, column and (for adds, revivals and title edits)
    /// title, and skip the rest without building it; board, column, undo, redo and restore events,
    /// which are rare, go through the full decoder. The result equals
    /// `consume(try EventCodec.decode(bytes, sequence: sequence))`; events of other boards are
    /// passed over after their head.
    ///
    /// Skipped fields are bounds-checked but neither their text validated as UTF-8 nor their order
    /// keys checked; the full decoder (`kanban log`, `kanban verify`) checks every byte.
    public mutating func consume(encoded bytes: UnsafeRawBufferPointer, sequence: UInt64) throws(EventDecodingError) {
        var (reader, _, happenedAt) = try EventCodec.openBody(bytes)
        let tag = try reader.readByte()
        guard let kind = EventKind(rawValue: tag) else { throw .unknownKind(tag) }
        let appended = Timestamp(millisecondsSinceEpoch: try reader.readInt64())
        let timestamp = happenedAt ?? appended // the flow counts when things happened (valid time)
        try reader.skip(16) // event id
        guard BoardID(try reader.readIdentifier()) == board else { return }
        try reader.skipString() // actor

        switch kind {
        case .cardMoved:
            let card = CardID(try reader.readIdentifier())
            let to = ColumnID(try reader.readIdentifier())
            try EventCodec.skipKey(from: &reader)
            try reader.skip(16) // from column
            _ = try reader.readVarint() // from index
            _ = try reader.readVarint() // to index
            try reader.skipString() // title
            try reader.expectEnd()
            advance(to: timestamp)
            move(card, to: to, by: sequence, at: timestamp, countable: true)
        case .cardEdited:
            let card = CardID(try reader.readIdentifier())
            let mask = try reader.readByte()
            guard mask & ~7 == 0 else { throw .malformed("edit mask \(mask)", at: reader.offset) }
            var title: String?
            if mask & 1 == 0 {
                try reader.skipString() // the title, unchanged
            } else {
                title = try reader.readString()
                try reader.skipString() // the old title
            }
            try EventCodec.skipEditedDescriptionAndDue(mask: mask, from: &reader)
            try reader.expectEnd()
            advance(to: timestamp)
            if let title { retitle(card, to: title) }
        case .cardAdded, .cardRevived:
            // A revive carries the card as it comes back, laid out as an add.
            let card = CardID(try reader.readIdentifier())
            let column = ColumnID(try reader.readIdentifier())
            try EventCodec.skipKey(from: &reader)
            let title = try reader.readString()
            try reader.skipString() // description
            _ = try EventCodec.decodeDue(from: &reader)
            _ = try reader.readVarint() // index
            try reader.expectEnd()
            advance(to: timestamp)
            place(card, in: column, title: title, by: sequence, at: timestamp)
        case .cardDeleted:
            let card = CardID(try reader.readIdentifier())
            try reader.skip(16) // column
            try EventCodec.skipKey(from: &reader)
            try reader.skipString() // title
            try reader.skipString() // description
            _ = try EventCodec.decodeDue(from: &reader)
            _ = try reader.readVarint() // index
            try reader.expectEnd()
            advance(to: timestamp)
            remove(card, by: sequence, at: timestamp)
        default:
            consume(try EventCodec.decode(bytes, sequence: sequence))
        }
    }
}
