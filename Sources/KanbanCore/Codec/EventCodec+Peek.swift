extension EventCodec {
    /// The card an encoded event concerns, read without decoding the rest: every card payload
    /// starts with the card's id, and an undo or redo with its target and the nested payload.
    /// `nil` for board and column events and for bytes that are not a valid event head.
    public static func peekCard(_ bytes: UnsafeRawBufferPointer) -> CardID? {
        var reader = ByteReader(splitTrailer(bytes).body)
        do {
            switch try readEffectKind(&reader) {
            case .cardAdded, .cardEdited, .cardMoved, .cardDeleted, .cardRevived: return CardID(try reader.readIdentifier())
            case let kind? where kind.isCardDetail: return CardID(try reader.readIdentifier())
            default: return nil
            }
        } catch {
            return nil
        }
    }

    /// The card a card event concerns, read from its head at fixed places (version, kind,
    /// timestamp, event id and board: 42 bytes; the actor's one-byte length and bytes; then the
    /// card's id), checking only the bounds: `nil` for any other event, an undo or redo, an
    /// actor of 128 bytes or more, or bytes too short. For hints (replay's prefetches,
    /// ``ReplayLookahead``), where ``peekCard(_:)`` costs a twentieth of replay.
    @inline(__always)
    static func cardAtFixedPlaces(_ bytes: UnsafeRawBufferPointer) -> CardID? {
        guard bytes.count > 43, readableVersions.contains(bytes[0]), let kind = EventKind(rawValue: bytes[1]) else { return nil }
        switch kind {
        case .cardAdded, .cardEdited, .cardMoved, .cardDeleted, .cardRevived: break
        default: guard kind.isCardDetail else { return nil }
        }
        let actorLength = Int(bytes[42])
        let start = 43 + actorLength
        guard actorLength < 0x80, start + 16 <= bytes.count else { return nil }
        return CardID(Identifier(
            high: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self)),
            low: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self))
        ))
    }

    /// The kind of what an encoded event does: its own kind, or for an undo or redo the kind of
    /// the event it takes back or brings again (through nested ones). `nil` for bytes that are
    /// not a valid event head or carry a kind this version does not know.
    public static func peekEffectKind(_ bytes: UnsafeRawBufferPointer) -> EventKind? {
        var reader = ByteReader(splitTrailer(bytes).body)
        return try? readEffectKind(&reader)
    }

    /// Reads an event's head up to its effect's payload and returns the effect's kind.
    private static func readEffectKind(_ reader: inout ByteReader) throws -> EventKind? {
        guard readableVersions.contains(try reader.readByte()) else { return nil }
        var kind = EventKind(rawValue: try reader.readByte())
        try reader.skip(8 + 32) // timestamp, event id, board id
        try reader.skipString() // actor
        var depth = 0
        while kind == .undone || kind == .redone, depth < 8 {
            _ = try reader.readVarint() // target
            kind = EventKind(rawValue: try reader.readByte())
            depth += 1
        }
        return kind
    }

    /// An encoded event's kind, read from its head alone; `nil` for bytes that are not a valid
    /// event head or carry a kind this version does not know.
    public static func peekKind(_ bytes: UnsafeRawBufferPointer) -> EventKind? {
        var reader = ByteReader(splitTrailer(bytes).body)
        guard let version = try? reader.readByte(), readableVersions.contains(version),
              let tag = try? reader.readByte()
        else { return nil }
        return EventKind(rawValue: tag)
    }

    /// An encoded event's timestamp (when it was appended), read from its head alone; `nil` for
    /// bytes that are not a valid event head.
    public static func peekTimestamp(_ bytes: UnsafeRawBufferPointer) -> Timestamp? {
        var reader = ByteReader(splitTrailer(bytes).body)
        do {
            guard readableVersions.contains(try reader.readByte()) else { return nil }
            _ = try reader.readByte()
            return Timestamp(millisecondsSinceEpoch: try reader.readInt64())
        } catch {
            return nil
        }
    }

    /// An encoded event's envelope, read without decoding the payload: its kind tag, timestamp,
    /// board, actor (UTF-8 bytes, valid as long as `bytes`) and, for versions 3 and 5, when it happened.
    /// `nil` for bytes that are not a valid event head.
    public static func peekEnvelope(_ bytes: UnsafeRawBufferPointer) -> EnvelopeHead? {
        let (body, happenedAt) = splitTrailer(bytes)
        var reader = ByteReader(body)
        do {
            let version = try reader.readByte()
            guard readableVersions.contains(version), !isBackdated(version) || happenedAt != nil else { return nil }
            let kind = try reader.readByte()
            let timestamp = Timestamp(millisecondsSinceEpoch: try reader.readInt64())
            try reader.skip(16)
            let board = BoardID(try reader.readIdentifier())
            let actor = try reader.readSlice(try reader.readCount())
            return EnvelopeHead(kind: kind, timestamp: timestamp, board: board, actor: actor, happenedAt: happenedAt)
        } catch {
            return nil
        }
    }
}
