/// The binary form of undos, redos and restores (kinds 20–22), which carry other payloads
/// nested (each its kind tag, then its payload; at most 8 deep):
///
/// ```
/// undone     target sequence · the payload undone · its compensation
/// redone     target sequence · the payload redone · its effect
/// restored   sequence · ZigZag milliseconds · effect count · effects
/// ```
extension EventCodec {
    static func encodeUndone(_ undone: Undone, into writer: inout ByteWriter, version: UInt8) {
        writer.write(varint: undone.target)
        encodeNested(undone.undid, into: &writer, version: version)
        encodeNested(undone.compensation, into: &writer, version: version)
    }

    static func decodeUndone(from reader: inout ByteReader, depth: Int, version: UInt8) throws(EventDecodingError) -> Undone {
        let target = try reader.readVarint()
        let undid = try decodeNested(from: &reader, depth: depth, version: version)
        return Undone(target: target, undid: undid, compensation: try decodeNested(from: &reader, depth: depth, version: version))
    }

    static func encodeRedone(_ redone: Redone, into writer: inout ByteWriter, version: UInt8) {
        writer.write(varint: redone.target)
        encodeNested(redone.redid, into: &writer, version: version)
        encodeNested(redone.effect, into: &writer, version: version)
    }

    static func decodeRedone(from reader: inout ByteReader, depth: Int, version: UInt8) throws(EventDecodingError) -> Redone {
        let target = try reader.readVarint()
        let redid = try decodeNested(from: &reader, depth: depth, version: version)
        return Redone(target: target, redid: redid, effect: try decodeNested(from: &reader, depth: depth, version: version))
    }

    static func encodeRestored(_ restored: Restored, into writer: inout ByteWriter, version: UInt8) {
        writer.write(varint: restored.sequence)
        writer.write(signed: restored.timestamp.millisecondsSinceEpoch)
        writer.write(count: restored.effects.count)
        for effect in restored.effects { encodeNested(effect, into: &writer, version: version) }
    }

    static func decodeRestored(from reader: inout ByteReader, depth: Int, version: UInt8) throws(EventDecodingError) -> Restored {
        let sequence = try reader.readVarint()
        let timestamp = Timestamp(millisecondsSinceEpoch: try reader.readSigned())
        let count = try reader.readCount()
        guard count <= reader.buffer.count else { throw .malformed("effect count \(count)", at: reader.offset) }
        var effects: [EventPayload] = []
        for _ in 0..<count { effects.append(try decodeNested(from: &reader, depth: depth, version: version)) }
        return Restored(sequence: sequence, timestamp: timestamp, effects: effects)
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
}
