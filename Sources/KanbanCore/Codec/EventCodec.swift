/// The binary form of an event in the log: compact, versioned, readable forever.
///
/// Layout of format version 2 (the sequence number is the LMDB key, not part of the value):
///
/// ```
/// u8      format version (2; version 1, without a board's place, is read too)
/// u8      kind (EventKind's tag)
/// i64 LE  timestamp, milliseconds since 1970
/// 16 B    event id          16 B   board id
/// str     actor
/// …       payload, by kind (see encodePayload)
/// ```
///
/// Format version 3 is an event that happened before it was appended (an imported history):
/// version 2's bytes, its first byte 3, and a trailing `i64 LE` `happenedAt` (milliseconds since
/// 1970). Only such events are written as version 3; every other event stays version 2, byte
/// for byte.
///
/// Format versions 4 and 5 are versions 2 and 3 whose `commentEdited` payloads (nested ones
/// too) end with the comment's edit marks (``CommentEditMark``; see ``EventCodec`` +Details).
/// Only an event that carries a comment edit is written as 4 (or 5, backdated); a comment edit
/// of versions 1–3 reads as an edit made then, its previous mark unknown (`nil`).
///
/// `str` is a LEB128 byte count and UTF-8; counts and indexes are LEB128; integers that may be
/// negative are ZigZag + LEB128; ids are 16 bytes big-endian. A later format adds a version and
/// keeps decoding this one (decode the old shape, upcast); the log is never rewritten.
public enum EventCodec {
    /// The format version this build writes. Version 2 added the optional place of a board in
    /// `boardCreated` and `boardRemoved`; everything else is as in version 1.
    /// This is what it writes for an event recorded as it happens (no ``RecordedEvent/happenedAt``).
    public static let formatVersion: UInt8 = 2
    /// The format version this build writes for an event with a ``RecordedEvent/happenedAt``:
    /// version 2's layout and a trailing `i64 LE` time it happened.
    public static let backdatedFormatVersion: UInt8 = 3
    /// The format version this build writes for an event that carries a comment edit
    /// (``CardDetailEdit/commentEdited(_:_:mark:)``): version 2's layout with the edit's marks.
    public static let markedFormatVersion: UInt8 = 4
    /// Version 4 with version 3's trailer: a backdated event that carries a comment edit.
    public static let markedBackdatedFormatVersion: UInt8 = 5
    /// The format versions this build reads: every one ever written.
    public static let readableVersions: ClosedRange<UInt8> = 1...5

    /// Whether events of format `version` end with the time they happened (versions 3 and 5).
    @inline(__always)
    public static func isBackdated(_ version: UInt8) -> Bool {
        version == backdatedFormatVersion || version == markedBackdatedFormatVersion
    }

    /// Whether the comment edits of format `version` carry their marks (versions 4 and 5).
    @inline(__always)
    static func hasEditMarks(_ version: UInt8) -> Bool {
        version >= markedFormatVersion
    }

    /// The format version ``encode(_:)`` writes `event` in.
    public static func version(of event: RecordedEvent) -> UInt8 {
        switch (carriesCommentEdit(event.payload), event.happenedAt != nil) {
        case (false, false): formatVersion
        case (false, true): backdatedFormatVersion
        case (true, false): markedFormatVersion
        case (true, true): markedBackdatedFormatVersion
        }
    }

    /// Whether `payload`, or one nested in it, is a comment edit.
    static func carriesCommentEdit(_ payload: EventPayload) -> Bool {
        switch payload {
        case .cardDetail(let changed): if case .commentEdited = changed.edit { true } else { false }
        case .undone(let undone): carriesCommentEdit(undone.undid) || carriesCommentEdit(undone.compensation)
        case .redone(let redone): carriesCommentEdit(redone.redid) || carriesCommentEdit(redone.effect)
        case .restored(let restored): restored.effects.contains(where: carriesCommentEdit)
        default: false
        }
    }

    /// The size of version 3's trailer: the `i64 LE` time the event happened.
    static let trailerSize = 8

    /// Encodes everything but the sequence number, which is the key.
    public static func encode(_ event: RecordedEvent) -> [UInt8] {
        var writer = ByteWriter()
        let version = version(of: event)
        writer.write(version)
        writer.write(event.payload.kind.rawValue)
        writer.write(littleEndian: event.timestamp.millisecondsSinceEpoch)
        writer.write(event.id.raw)
        writer.write(event.board.raw)
        writer.write(event.actor)
        encodePayload(event.payload, into: &writer, version: version)
        if let happenedAt = event.happenedAt { writer.write(littleEndian: happenedAt.millisecondsSinceEpoch) }
        return writer.bytes
    }

    /// Splits an encoded event into the bytes version 2 (or 4) lays out and the time it happened:
    /// for version 3 or 5 with at least 9 bytes, the bytes without the last 8 and the time those
    /// 8 hold; otherwise the bytes unchanged and `nil` (a backdated event that short is rejected
    /// by whatever reads its head).
    @inline(__always)
    public static func splitTrailer(_ bytes: UnsafeRawBufferPointer) -> (body: UnsafeRawBufferPointer, happenedAt: Timestamp?) {
        guard bytes.count > trailerSize, isBackdated(bytes[0]) else { return (bytes, nil) }
        let end = bytes.count - trailerSize
        let happenedAt = Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: end, as: Int64.self))
        return (UnsafeRawBufferPointer(rebasing: bytes[..<end]), Timestamp(millisecondsSinceEpoch: happenedAt))
    }

    /// Decodes the value stored under `sequence`.
    public static func decode(_ bytes: UnsafeRawBufferPointer, sequence: UInt64) throws(EventDecodingError) -> RecordedEvent {
        var (reader, version, happenedAt) = try openBody(bytes)
        let tag = try reader.readByte()
        guard let kind = EventKind(rawValue: tag) else { throw .unknownKind(tag) }
        let timestamp = Timestamp(millisecondsSinceEpoch: try reader.readInt64())
        let id = EventID(try reader.readIdentifier())
        let board = BoardID(try reader.readIdentifier())
        let actor = try reader.readString()
        let payload = try decodePayload(kind, from: &reader, version: version)
        guard reader.isAtEnd else { throw .trailingBytes(reader.buffer.count - reader.offset) }
        return RecordedEvent(
            sequence: sequence, timestamp: timestamp, actor: actor, id: id, board: board, payload: payload, happenedAt: happenedAt
        )
    }

    /// A reader over the part of `bytes` version 2 (or 4) lays out (``splitTrailer(_:)``), past
    /// the format version it checks and returns, and when the event happened (versions 3 and 5).
    /// A backdated event too short to hold its trailer is truncated.
    @inline(__always)
    static func openBody(_ bytes: UnsafeRawBufferPointer) throws(EventDecodingError) -> (reader: ByteReader, version: UInt8, happenedAt: Timestamp?) {
        let (body, happenedAt) = splitTrailer(bytes)
        var reader = ByteReader(body)
        let version = try reader.readByte()
        guard readableVersions.contains(version) else { throw .unknownFormatVersion(version) }
        if isBackdated(version) && happenedAt == nil { throw .truncated(at: bytes.count) }
        return (reader, version, happenedAt)
    }

    /// Decodes from a byte array (tests and tools).
    public static func decode(_ bytes: [UInt8], sequence: UInt64) throws(EventDecodingError) -> RecordedEvent {
        do {
            return try bytes.withUnsafeBytes { buffer in try decode(buffer, sequence: sequence) }
        } catch let error as EventDecodingError {
            throw error
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
    }

    // MARK: Payloads

    /// Writes `payload` as format `version` lays it out (only comment edits differ by version).
    /// Each kind's layout is its family's (`Families/`).
    static func encodePayload(_ payload: EventPayload, into writer: inout ByteWriter, version: UInt8) {
        switch payload {
        case .boardCreated(let created): encodeBoardCreated(created, into: &writer)
        case .boardRenamed(let renamed): encodeBoardRenamed(renamed, into: &writer)
        case .boardRemoved(let removed): encodeBoardRemoved(removed, into: &writer)
        case .columnAdded(let added): encodeColumnAdded(added, into: &writer)
        case .columnRenamed(let renamed): encodeColumnRenamed(renamed, into: &writer)
        case .columnRemoved(let removed): encodeColumnRemoved(removed, into: &writer)
        case .columnMoved(let moved): encodeColumnMoved(moved, into: &writer)
        case .cardAdded(let added): encodeCardAdded(added, into: &writer)
        case .cardEdited(let edited): encodeCardEdited(edited, into: &writer)
        case .cardMoved(let moved): encodeCardMoved(moved, into: &writer)
        case .cardDeleted(let deleted): encodeCardDeleted(deleted, into: &writer)
        case .cardRevived(let revived): encodeCardRevived(revived, into: &writer)
        case .cardDetail(let changed): encodeCardDetail(changed, into: &writer, marks: hasEditMarks(version))
        case .boardDetail(let changed): encodeBoardDetail(changed, into: &writer)
        case .undone(let undone): encodeUndone(undone, into: &writer, version: version)
        case .redone(let redone): encodeRedone(redone, into: &writer, version: version)
        case .restored(let restored): encodeRestored(restored, into: &writer, version: version)
        }
    }

    /// Reads a payload of `kind` as format `version` lays it out, `depth` inside others.
    static func decodePayload(
        _ kind: EventKind,
        from reader: inout ByteReader,
        depth: Int = 0,
        version: UInt8 = formatVersion
    ) throws(EventDecodingError) -> EventPayload {
        switch kind {
        case .boardCreated: .boardCreated(try decodeBoardCreated(from: &reader, version: version))
        case .boardRenamed: .boardRenamed(try decodeBoardRenamed(from: &reader))
        case .boardRemoved: .boardRemoved(try decodeBoardRemoved(from: &reader, version: version))
        case .columnAdded: .columnAdded(try decodeColumnAdded(from: &reader))
        case .columnRenamed: .columnRenamed(try decodeColumnRenamed(from: &reader))
        case .columnRemoved: .columnRemoved(try decodeColumnRemoved(from: &reader))
        case .columnMoved: .columnMoved(try decodeColumnMoved(from: &reader))
        case .cardAdded: .cardAdded(try decodeCardAdded(from: &reader))
        case .cardEdited: .cardEdited(try decodeCardEdited(from: &reader))
        case .cardMoved: .cardMoved(try decodeCardMoved(from: &reader))
        case .cardDeleted: .cardDeleted(try decodeCardDeleted(from: &reader))
        case .cardRevived: .cardRevived(try decodeCardRevived(from: &reader))
        case .cardAssigned, .cardUnassigned, .cardLabelled, .cardUnlabelled, .dueMarked, .commentAdded, .commentEdited,
             .commentDeleted, .checklistItemAdded, .checklistItemRenamed, .checklistItemChecked, .checklistItemRemoved,
             .checklistItemMoved, .linkAttached, .linkRemoved:
            .cardDetail(try decodeCardDetail(kind, from: &reader, marks: hasEditMarks(version)))
        case .memberAdded, .memberRemoved, .memberRoleChanged, .visibilityChanged, .labelChanged, .columnLimitChanged:
            .boardDetail(try decodeBoardDetail(kind, from: &reader))
        case .undone: .undone(try decodeUndone(from: &reader, depth: depth, version: version))
        case .redone: .redone(try decodeRedone(from: &reader, depth: depth, version: version))
        case .restored: .restored(try decodeRestored(from: &reader, depth: depth, version: version))
        }
    }
}
