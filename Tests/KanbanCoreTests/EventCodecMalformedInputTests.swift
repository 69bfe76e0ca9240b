import KanbanCore
import PropertyBased
import Testing

/// Bytes that are not a valid event throw ``EventDecodingError`` and never trap.
struct EventCodecMalformedInputTests {
    /// Where the actor's length byte is: version, kind, timestamp (8), event id (16), board id (16).
    static let actorOffset = 42

    /// An event whose actor is `actor` and whose payload renames a board from "a" to `to`.
    static func renamed(actor: String = "ana", to: String = "b") -> [UInt8] {
        EventCodec.encode(RecordedEvent(
            sequence: 1, timestamp: Timestamp(millisecondsSinceEpoch: 5), actor: actor,
            id: EventID(Identifier(high: 1, low: 2)), board: BoardID(Identifier(high: 3, low: 4)),
            payload: .boardRenamed(BoardRenamed(from: "a", to: to))
        ))
    }

    static func decodingError(_ bytes: [UInt8]) -> EventDecodingError? {
        do {
            _ = try EventCodec.decode(bytes, sequence: 1)
            return nil
        } catch {
            return error
        }
    }

    @Test("Every strict prefix of a valid encoding throws, for every kind")
    func everyPrefixThrows() async {
        await propertyCheck(count: 60, input: RandomEvents.anyKind) { event throws in
            let bytes = EventCodec.encode(event)
            for length in 0..<bytes.count {
                let error = Self.decodingError(Array(bytes[..<length]))
                #expect(error != nil, "a prefix of \(length) of \(bytes.count) bytes decoded")
                if case .trailingBytes? = error { Issue.record("a prefix reported trailing bytes") }
            }
        }
    }

    @Test("A column move or a revive cut short or followed by bytes is refused by the decoder and by replay's fast path",
          arguments: [EventKind.columnMoved, .cardRevived])
    func newKindsRefused(kind: EventKind) async {
        await propertyCheck(count: 40, input: RandomEvents.generator(of: kind)) { event throws in
            let bytes = EventCodec.encode(event)
            for damaged in (0..<bytes.count).map({ Array(bytes[..<$0]) }) + [bytes + [0]] {
                #expect(Self.decodingError(damaged) != nil)
                var state = KanbanState()
                let refused = damaged.withUnsafeBytes { buffer in (try? state.apply(encoded: buffer, sequence: 1)) == nil }
                #expect(refused, "the fast path took \(damaged.count) of \(bytes.count) bytes")
                #expect(state.lastSequence == 0)
            }
        }
    }

    @Test("The empty value and a lone version byte are truncated")
    func truncatedAtStart() {
        #expect(Self.decodingError([]) == .truncated(at: 0))
        #expect(Self.decodingError([1]) == .truncated(at: 1))
        #expect(Self.decodingError([1, EventKind.cardAdded.rawValue]) == .truncated(at: 2))
    }

    @Test("An unknown format version is refused", arguments: [UInt8(0), 6, 127, 255])
    func unknownVersion(version: UInt8) {
        var bytes = Self.renamed()
        bytes[0] = version
        #expect(Self.decodingError(bytes) == .unknownFormatVersion(version))
    }

    @Test("An unknown kind tag is refused")
    func unknownKind() {
        let known = Set(EventKind.allCases.map(\.rawValue))
        for tag in UInt8.min...UInt8.max where !known.contains(tag) {
            var bytes = Self.renamed()
            bytes[1] = tag
            #expect(Self.decodingError(bytes) == .unknownKind(tag))
        }
    }

    @Test("Bytes after the event are refused")
    func trailingBytes() async {
        await propertyCheck(count: 100, input: RandomEvents.anyKind, Gen.uint8().array(of: 1...16)) { event, extra throws in
            let bytes = EventCodec.encode(event) + extra
            #expect(Self.decodingError(bytes) == .trailingBytes(extra.count))
        }
    }

    @Test(
        "Invalid UTF-8 in a string is refused",
        arguments: [
            [0xFF], [0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x61, 0x80, 0x62], [0xE2, 0x82],
        ] as [[UInt8]]
    )
    func invalidUTF8(sequence: [UInt8]) {
        // In the envelope's actor…
        var bytes = Self.renamed(actor: "")
        #expect(bytes[Self.actorOffset] == 0)
        bytes.replaceSubrange(Self.actorOffset...Self.actorOffset, with: [UInt8(sequence.count)] + sequence)
        #expect(Self.decodingError(bytes) == .malformed("invalid UTF-8", at: Self.actorOffset + 1))

        // …and in a payload string (the new board name, the last field).
        var payload = Self.renamed(to: "")
        #expect(payload.last == 0)
        payload.removeLast()
        payload += [UInt8(sequence.count)] + sequence
        guard case .malformed(let what, _)? = Self.decodingError(payload) else {
            Issue.record("invalid UTF-8 in the payload decoded")
            return
        }
        #expect(what == "invalid UTF-8")
    }

    @Test("A string length past the end is truncated, not a crash")
    func stringLengthPastTheEnd() {
        var bytes = Self.renamed(actor: "")
        bytes[Self.actorOffset] = 0x7F
        guard case .truncated? = Self.decodingError(bytes) else {
            Issue.record("expected truncated")
            return
        }
        // A length of 2^40 bytes, and one longer than a varint may be.
        var huge = Self.renamed(actor: "")
        huge.replaceSubrange(Self.actorOffset...Self.actorOffset, with: [0x80, 0x80, 0x80, 0x80, 0x80, 0x20])
        #expect(Self.decodingError(huge) != nil)
        var endless = Self.renamed(actor: "")
        endless.replaceSubrange(Self.actorOffset...Self.actorOffset, with: [UInt8](repeating: 0xFF, count: 11) + [0x01])
        #expect(Self.decodingError(endless) != nil)
    }

    @Test("An edit mask with unknown bits, a bad due tag and a key ending in a zero digit are malformed")
    func malformedFields() {
        let card = CardID(Identifier(high: 5, low: 6))
        func encoded(_ payload: EventPayload) -> [UInt8] {
            EventCodec.encode(RecordedEvent(
                sequence: 1, timestamp: Timestamp(millisecondsSinceEpoch: 0), actor: "",
                id: EventID(Identifier(high: 0, low: 0)), board: BoardID(Identifier(high: 0, low: 0)), payload: payload
            ))
        }
        // The payload starts right after the empty actor.
        let payloadStart = Self.actorOffset + 1

        var mask = encoded(.cardEdited(CardEdited(card: card, title: "t")))
        #expect(mask[payloadStart + 16] == 0)
        mask[payloadStart + 16] = 8
        guard case .malformed? = Self.decodingError(mask) else {
            Issue.record("an edit mask of 8 decoded")
            return
        }

        var dueTag = encoded(.cardEdited(CardEdited(card: card, title: "t", dueChange: Change(old: nil, new: nil))))
        #expect(dueTag.suffix(2) == [0, 0])
        dueTag[dueTag.count - 1] = 3
        guard case .malformed? = Self.decodingError(dueTag) else {
            Issue.record("a due tag of 3 decoded")
            return
        }

        // A move's key follows the card and target ids: integer 0 (zigzag 0), one digit, 0x80.
        var key = encoded(.cardMoved(CardMoved(
            card: card, title: "", from: ColumnID(Identifier(high: 1, low: 1)), fromIndex: 0,
            to: ColumnID(Identifier(high: 2, low: 2)), toIndex: 0, key: OrderKey(integer: 0, fraction: [0x80])
        )))
        let keyStart = payloadStart + 32
        #expect(Array(key[keyStart..<keyStart + 3]) == [0, 1, 0x80])
        key[keyStart + 2] = 0
        guard case .malformed? = Self.decodingError(key) else {
            Issue.record("an order key ending in a zero digit decoded")
            return
        }
    }

    /// `payload` as a stored event (sequence 7).
    static func encoded(_ payload: EventPayload) -> [UInt8] {
        EventCodec.encode(RecordedEvent(
            sequence: 7, timestamp: Timestamp(millisecondsSinceEpoch: 0), actor: "ana",
            id: EventID(Identifier(high: 0, low: 1)), board: BoardID(Identifier(high: 0, low: 2)), payload: payload
        ))
    }

    /// The error of the replay fast path on `bytes`, applied to an empty state.
    static func fastPathError(_ bytes: [UInt8]) -> EventDecodingError? {
        var state = KanbanState()
        return bytes.withUnsafeBytes { buffer -> EventDecodingError? in
            do throws(EventDecodingError) {
                try state.apply(encoded: buffer, sequence: 7)
                return nil
            } catch {
                return error
            }
        }
    }

    @Test("A board with no columns is refused by the decoder and the replay fast path, also inside an undo")
    func boardWithoutColumns() {
        let column = ColumnSpec(id: ColumnID(Identifier(high: 9, low: 9)), name: "TODO")
        let payloads: [EventPayload] = [
            .boardCreated(BoardCreated(name: "empty", columns: [])),
            .boardRemoved(BoardRemoved(name: "empty", columns: [])),
            .undone(Undone(
                target: 1, undid: .boardRemoved(BoardRemoved(name: "b", columns: [column])),
                compensation: .boardCreated(BoardCreated(name: "b", columns: []))
            )),
        ]
        for payload in payloads {
            let bytes = Self.encoded(payload)
            for error in [Self.decodingError(bytes), Self.fastPathError(bytes)] {
                guard case .malformed(let what, _)? = error else {
                    Issue.record("\(payload.kind) without columns: \(String(describing: error))")
                    continue
                }
                #expect(what == "a board with no columns")
            }
        }
        // With one column each, the same events decode.
        #expect(Self.decodingError(Self.encoded(.boardCreated(BoardCreated(name: "b", columns: [column])))) == nil)
        #expect(Self.decodingError(Self.encoded(.boardRemoved(BoardRemoved(name: "b", columns: [column])))) == nil)
    }

    @Test("The lowest order key of all, which nothing can be put before, is refused wherever a key is read")
    func lowestOrderKey() {
        let card = Card(id: CardID(Identifier(high: 5, low: 6)), column: ColumnID(Identifier(high: 1, low: 1)), key: OrderKey(integer: Int64.min), title: "t")
        let payloads: [EventPayload] = [
            .cardAdded(CardAdded(card: card, index: 0)),
            .cardDeleted(CardDeleted(card: card, index: 0)),
            .cardMoved(CardMoved(card: card.id, title: "t", from: card.column, fromIndex: 0, to: card.column, toIndex: 0, key: card.key)),
        ]
        for payload in payloads {
            let bytes = Self.encoded(payload)
            for error in [Self.decodingError(bytes), Self.fastPathError(bytes)] {
                guard case .malformed(let what, _)? = error else {
                    Issue.record("\(payload.kind) with the lowest key: \(String(describing: error))")
                    continue
                }
                #expect(what == "order key below every other")
            }
        }
        // One above it, and the lowest integer with a fraction, are fine.
        var above = card
        above.key = OrderKey(integer: Int64.min + 1)
        #expect(Self.decodingError(Self.encoded(.cardAdded(CardAdded(card: above, index: 0)))) == nil)
        above.key = OrderKey(integer: Int64.min, fraction: [1])
        #expect(Self.decodingError(Self.encoded(.cardAdded(CardAdded(card: above, index: 0)))) == nil)
    }

    @Test("A column count larger than the value is refused without allocating for it")
    func hugeColumnCount() {
        var bytes = EventCodec.encode(RecordedEvent(
            sequence: 1, timestamp: Timestamp(millisecondsSinceEpoch: 0), actor: "",
            id: EventID(Identifier(high: 0, low: 0)), board: BoardID(Identifier(high: 0, low: 0)),
            payload: .boardCreated(BoardCreated(name: "", columns: []))
        ))
        // The value ends with the column count (0) and the board's optional index (0: none).
        #expect(bytes.suffix(2) == [0, 0])
        bytes.removeLast(2)
        bytes += [0xFF, 0xFF, 0xFF, 0xFF, 0x07, 0] // Int32.max columns
        #expect(Self.decodingError(bytes) != nil)
    }

    @Test("Randomly damaged encodings either decode to a stable event or throw; they never trap")
    func randomDamage() async {
        await propertyCheck(count: 300, input: RandomEvents.anyKind, Gen.uint64(), Gen.int(in: 1...4)) { event, seed, edits throws in
            var random = SeededGenerator(seed: seed)
            var bytes = EventCodec.encode(event)
            for _ in 0..<edits {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[position] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes.remove(at: position)
                default: bytes.insert(UInt8.random(in: 0...255, using: &random), at: position)
                }
                if bytes.isEmpty { break }
            }
            if let decoded = try? EventCodec.decode(bytes, sequence: 3) {
                #expect(try EventCodec.decode(EventCodec.encode(decoded), sequence: 3) == decoded)
            }
        }
    }
}
