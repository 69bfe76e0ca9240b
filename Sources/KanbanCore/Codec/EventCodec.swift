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
    static func encodePayload(_ payload: EventPayload, into writer: inout ByteWriter, version: UInt8) {
        switch payload {
        case .boardCreated(let created):
            writer.write(created.name)
            encodeColumns(created.columns, into: &writer)
            encodeOptionalIndex(created.index, into: &writer)
        case .boardRenamed(let renamed):
            writer.write(renamed.from)
            writer.write(renamed.to)
        case .boardRemoved(let removed):
            writer.write(removed.name)
            encodeColumns(removed.columns, into: &writer)
            encodeOptionalIndex(removed.index, into: &writer)
        case .columnAdded(let added):
            encodeColumn(added.column, into: &writer)
            writer.write(count: added.index)
        case .columnRenamed(let renamed):
            writer.write(renamed.column.raw)
            writer.write(renamed.from)
            writer.write(renamed.to)
        case .columnRemoved(let removed):
            encodeColumn(removed.column, into: &writer)
            writer.write(count: removed.index)
        case .columnMoved(let moved):
            encodeColumn(moved.column, into: &writer)
            writer.write(count: moved.fromIndex)
            writer.write(count: moved.toIndex)
        case .cardAdded(let added):
            encodeCard(added.card, into: &writer)
            writer.write(count: added.index)
        case .cardEdited(let edited):
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
        case .cardMoved(let moved):
            writer.write(moved.card.raw)
            writer.write(moved.to.raw)
            encodeKey(moved.key, into: &writer)
            writer.write(moved.from.raw)
            writer.write(count: moved.fromIndex)
            writer.write(count: moved.toIndex)
            writer.write(moved.title)
        case .cardDeleted(let deleted):
            encodeCard(deleted.card, into: &writer)
            writer.write(count: deleted.index)
        case .cardRevived(let revived):
            encodeCard(revived.card, into: &writer)
            writer.write(count: revived.index)
        case .cardDetail(let changed):
            encodeCardDetail(changed, into: &writer, marks: hasEditMarks(version))
        case .boardDetail(let changed):
            encodeBoardDetail(changed, into: &writer)
        case .undone(let undone):
            writer.write(varint: undone.target)
            encodeNested(undone.undid, into: &writer, version: version)
            encodeNested(undone.compensation, into: &writer, version: version)
        case .redone(let redone):
            writer.write(varint: redone.target)
            encodeNested(redone.redid, into: &writer, version: version)
            encodeNested(redone.effect, into: &writer, version: version)
        case .restored(let restored):
            writer.write(varint: restored.sequence)
            writer.write(signed: restored.timestamp.millisecondsSinceEpoch)
            writer.write(count: restored.effects.count)
            for effect in restored.effects { encodeNested(effect, into: &writer, version: version) }
        }
    }

    /// A payload inside another: its kind tag, then its payload.
    static func encodeNested(_ payload: EventPayload, into writer: inout ByteWriter, version: UInt8) {
        writer.write(payload.kind.rawValue)
        encodePayload(payload, into: &writer, version: version)
    }

    static func decodeNested(from reader: inout ByteReader, depth: Int, version: UInt8) throws(EventDecodingError) -> EventPayload {
        guard depth < 8 else { throw .malformed("payloads nested too deeply", at: reader.offset) }
        let tag = try reader.readByte()
        guard let kind = EventKind(rawValue: tag) else { throw .unknownKind(tag) }
        return try decodePayload(kind, from: &reader, depth: depth + 1, version: version)
    }

    static func decodePayload(
        _ kind: EventKind,
        from reader: inout ByteReader,
        depth: Int = 0,
        version: UInt8 = formatVersion
    ) throws(EventDecodingError) -> EventPayload {
        switch kind {
        case .boardCreated:
            return .boardCreated(BoardCreated(
                name: try reader.readString(), columns: try decodeColumns(from: &reader), index: try decodeOptionalIndex(from: &reader, version: version)
            ))
        case .boardRenamed:
            return .boardRenamed(BoardRenamed(from: try reader.readString(), to: try reader.readString()))
        case .boardRemoved:
            return .boardRemoved(BoardRemoved(
                name: try reader.readString(), columns: try decodeColumns(from: &reader), index: try decodeOptionalIndex(from: &reader, version: version)
            ))
        case .columnAdded:
            return .columnAdded(ColumnAdded(column: try decodeColumn(from: &reader), index: try reader.readCount()))
        case .columnRenamed:
            return .columnRenamed(ColumnRenamed(
                column: ColumnID(try reader.readIdentifier()), from: try reader.readString(), to: try reader.readString()
            ))
        case .columnRemoved:
            return .columnRemoved(ColumnRemoved(column: try decodeColumn(from: &reader), index: try reader.readCount()))
        case .columnMoved:
            return .columnMoved(ColumnMoved(
                column: try decodeColumn(from: &reader), fromIndex: try reader.readCount(), toIndex: try reader.readCount()
            ))
        case .cardAdded:
            return .cardAdded(CardAdded(card: try decodeCard(from: &reader), index: try reader.readCount()))
        case .cardEdited:
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
            return .cardEdited(edited)
        case .cardMoved:
            let card = CardID(try reader.readIdentifier())
            let to = ColumnID(try reader.readIdentifier())
            let key = try decodeKey(from: &reader)
            let from = ColumnID(try reader.readIdentifier())
            let fromIndex = try reader.readCount()
            let toIndex = try reader.readCount()
            let title = try reader.readString()
            return .cardMoved(CardMoved(card: card, title: title, from: from, fromIndex: fromIndex, to: to, toIndex: toIndex, key: key))
        case .cardDeleted:
            return .cardDeleted(CardDeleted(card: try decodeCard(from: &reader), index: try reader.readCount()))
        case .cardRevived:
            return .cardRevived(CardRevived(card: try decodeCard(from: &reader), index: try reader.readCount()))
        case .cardAssigned, .cardUnassigned, .cardLabelled, .cardUnlabelled, .dueMarked, .commentAdded, .commentEdited,
             .commentDeleted, .checklistItemAdded, .checklistItemRenamed, .checklistItemChecked, .checklistItemRemoved,
             .checklistItemMoved, .linkAttached, .linkRemoved:
            return .cardDetail(try decodeCardDetail(kind, from: &reader, marks: hasEditMarks(version)))
        case .memberAdded, .memberRemoved, .labelChanged, .columnLimitChanged:
            return .boardDetail(try decodeBoardDetail(kind, from: &reader))
        case .undone:
            let target = try reader.readVarint()
            let undid = try decodeNested(from: &reader, depth: depth, version: version)
            return .undone(Undone(target: target, undid: undid, compensation: try decodeNested(from: &reader, depth: depth, version: version)))
        case .redone:
            let target = try reader.readVarint()
            let redid = try decodeNested(from: &reader, depth: depth, version: version)
            return .redone(Redone(target: target, redid: redid, effect: try decodeNested(from: &reader, depth: depth, version: version)))
        case .restored:
            let sequence = try reader.readVarint()
            let timestamp = Timestamp(millisecondsSinceEpoch: try reader.readSigned())
            let count = try reader.readCount()
            guard count <= reader.buffer.count else { throw .malformed("effect count \(count)", at: reader.offset) }
            var effects: [EventPayload] = []
            for _ in 0..<count { effects.append(try decodeNested(from: &reader, depth: depth, version: version)) }
            return .restored(Restored(sequence: sequence, timestamp: timestamp, effects: effects))
        }
    }

    // MARK: Parts

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

    /// Steps over a card as ``decodeCard(from:)`` reads it, making none of its strings.
    static func skipCard(from reader: inout ByteReader) throws(EventDecodingError) {
        try reader.skip(32) // id, column
        _ = try reader.readSigned() // order key: its integer, then its fraction digits
        try reader.skipString()
        try reader.skipString() // title
        try reader.skipString() // description
        _ = try decodeDue(from: &reader)
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

    /// An optional index: 0 for none, else the index + 1.
    static func encodeOptionalIndex(_ index: Int?, into writer: inout ByteWriter) {
        writer.write(count: index.map { $0 + 1 } ?? 0)
    }

    /// Version 1 had no place for a board: it reads as none.
    static func decodeOptionalIndex(from reader: inout ByteReader, version: UInt8) throws(EventDecodingError) -> Int? {
        guard version >= 2 else { return nil }
        let value = try reader.readCount()
        return value == 0 ? nil : value - 1
    }

    static func encodeColumn(_ column: ColumnSpec, into writer: inout ByteWriter) {
        writer.write(column.id.raw)
        writer.write(column.name)
    }

    static func decodeColumn(from reader: inout ByteReader) throws(EventDecodingError) -> ColumnSpec {
        ColumnSpec(id: ColumnID(try reader.readIdentifier()), name: try reader.readString())
    }

    static func encodeColumns(_ columns: [ColumnSpec], into writer: inout ByteWriter) {
        writer.write(count: columns.count)
        for column in columns { encodeColumn(column, into: &writer) }
    }

    /// A board's columns (of `boardCreated` and `boardRemoved`): at least one, as every board
    /// keeps one; a board without columns would leave `add` nowhere to put a card.
    static func decodeColumns(from reader: inout ByteReader) throws(EventDecodingError) -> [ColumnSpec] {
        let count = try reader.readCount()
        guard count > 0 else { throw .malformed("a board with no columns", at: reader.offset) }
        guard count <= reader.buffer.count else { throw .malformed("column count \(count)", at: reader.offset) }
        var columns: [ColumnSpec] = []
        columns.reserveCapacity(count)
        for _ in 0..<count { columns.append(try decodeColumn(from: &reader)) }
        return columns
    }
}
