import KanbanCore
import PropertyBased
import Testing

struct EventCodecRoundTripTests {
    @Test("Encoding then decoding gives the event back", arguments: EventKind.allCases)
    func roundTrip(kind: EventKind) async {
        await propertyCheck(count: 300, input: RandomEvents.generator(of: kind)) { event throws in
            let bytes = EventCodec.encode(event)
            // Version 4 only for an event that carries a comment edit: every other stays version 2.
            #expect(bytes.first == EventCodec.version(of: event))
            switch kind {
            case .commentEdited: #expect(bytes.first == EventCodec.markedFormatVersion)
            case .undone, .redone, .restored: #expect(bytes.first == EventCodec.formatVersion || bytes.first == EventCodec.markedFormatVersion)
            default: #expect(bytes.first == EventCodec.formatVersion)
            }
            #expect(bytes.dropFirst().first == kind.rawValue)
            let decoded = try EventCodec.decode(bytes, sequence: event.sequence)
            #expect(decoded == event)
            #expect(decoded.payload.kind == kind)
            // Decoding from a buffer that is a slice of a larger one reads only its own bytes.
            let padded = [0xFF] + bytes + [0xFF]
            let fromSlice = try padded.withUnsafeBytes { buffer in
                try EventCodec.decode(UnsafeRawBufferPointer(rebasing: buffer[1..<(1 + bytes.count)]), sequence: event.sequence)
            }
            #expect(fromSlice == event)
        }
    }

    @Test("Encoding is deterministic and re-encoding a decoded event gives the same bytes")
    func stableBytes() async {
        await propertyCheck(count: 200, input: RandomEvents.anyKind) { event throws in
            let bytes = EventCodec.encode(event)
            #expect(EventCodec.encode(event) == bytes)
            #expect(EventCodec.encode(try EventCodec.decode(bytes, sequence: 1)) == bytes)
        }
    }

    @Test("The sequence number is not part of the value: it comes from the key")
    func sequenceComesFromTheKey() throws {
        var random = SeededGenerator(seed: 11)
        let event = RandomEvents.event(of: .cardAdded, using: &random)
        var other = event
        other.sequence = event.sequence &+ 1
        #expect(EventCodec.encode(event) == EventCodec.encode(other))
        #expect(try EventCodec.decode(EventCodec.encode(event), sequence: 42).sequence == 42)
    }

    @Test("Edge values survive: extremes, long fractions, every due form, empty and long strings")
    func edgeValues() throws {
        let longFraction = (1...40).map { UInt8($0) }
        let card = Card(
            id: CardID(Identifier(high: .max, low: 0)),
            column: ColumnID(Identifier(high: 0, low: .max)),
            key: OrderKey(integer: .min, fraction: longFraction),
            title: String(repeating: "🎉", count: 200),
            description: String(repeating: "é", count: 1000),
            due: .moment(Timestamp(millisecondsSinceEpoch: .min))
        )
        let events: [EventPayload] = [
            .cardAdded(CardAdded(card: card, index: Int(Int32.max))),
            .cardDeleted(CardDeleted(card: Card(id: card.id, column: card.column, key: OrderKey(integer: .max), title: ""), index: 0)),
            .cardMoved(CardMoved(card: card.id, title: "", from: card.column, fromIndex: 0, to: card.column, toIndex: 1,
                                 key: OrderKey(integer: -1, fraction: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1]))),
            .cardEdited(CardEdited(card: card.id, title: "new", titleChange: Change(old: "", new: "new"),
                                   descriptionChange: Change(old: "회의", new: ""),
                                   dueChange: Change(old: .day(CalendarDay(daysSinceEpoch: -719_468)), new: nil))),
            .cardEdited(CardEdited(card: card.id, title: "unchanged", dueChange: Change(old: nil, new: .day(CalendarDay(daysSinceEpoch: .max))))),
            .boardCreated(BoardCreated(name: "", columns: [ColumnSpec(id: ColumnID(Identifier(high: 0, low: 0)), name: "")])),
            .boardRemoved(BoardRemoved(name: "été", columns: (0..<200).map { ColumnSpec(id: ColumnID(Identifier(high: 1, low: UInt64($0))), name: "c\($0)") })),
        ]
        for (offset, payload) in events.enumerated() {
            let event = RecordedEvent(
                sequence: UInt64(offset + 1),
                timestamp: Timestamp(millisecondsSinceEpoch: offset.isMultiple(of: 2) ? .max : -1),
                actor: offset == 0 ? "" : "actor \(offset)",
                id: EventID(Identifier(high: UInt64(offset), low: 7)),
                board: BoardID(Identifier(high: 9, low: 9)),
                payload: payload
            )
            #expect(try EventCodec.decode(EventCodec.encode(event), sequence: event.sequence) == event)
        }
    }

    @Test("Kind tags are stable: the log is never rewritten")
    func kindTags() {
        let tags = Dictionary(uniqueKeysWithValues: EventKind.allCases.map { ($0.name, $0.rawValue) })
        #expect(tags == [
            "boardCreated": 1, "boardRenamed": 2, "boardRemoved": 3,
            "columnAdded": 4, "columnRenamed": 5, "columnRemoved": 6, "columnMoved": 7,
            "cardAdded": 10, "cardEdited": 11, "cardMoved": 12, "cardDeleted": 13, "cardRevived": 14,
            "undone": 20, "redone": 21, "restored": 22,
            "cardAssigned": 30, "cardUnassigned": 31, "cardLabelled": 32, "cardUnlabelled": 33, "dueMarked": 34,
            "commentAdded": 35, "commentEdited": 36, "commentDeleted": 37,
            "checklistItemAdded": 38, "checklistItemRenamed": 39, "checklistItemChecked": 40, "checklistItemRemoved": 41,
            "checklistItemMoved": 42, "linkAttached": 43, "linkRemoved": 44,
            "memberAdded": 45, "memberRemoved": 46, "labelChanged": 47, "columnLimitChanged": 48, "memberRoleChanged": 49, "visibilityChanged": 50,
        ])
        #expect(EventCodec.formatVersion == 2)
        #expect(EventCodec.backdatedFormatVersion == 3)
        #expect(EventCodec.markedFormatVersion == 4)
        #expect(EventCodec.markedBackdatedFormatVersion == 5)
        #expect(EventCodec.readableVersions == 1...5)
    }

    @Test("Known encodings of a column move and a revive: the layouts the log keeps")
    func goldenBytesOfNewKinds() throws {
        func event(_ payload: EventPayload) -> RecordedEvent {
            RecordedEvent(
                sequence: 7, timestamp: Timestamp(millisecondsSinceEpoch: 1_735_689_600_000), actor: "ana",
                id: EventID(Identifier(high: 0x0102_0304_0506_0708, low: 0x090A_0B0C_0D0E_0F10)),
                board: BoardID(Identifier(high: 0x1112_1314_1516_1718, low: 0x191A_1B1C_1D1E_1F20)),
                payload: payload
            )
        }
        let envelope: [UInt8] = [0x00, 0x7C, 0x29, 0x1F, 0x94, 0x01, 0x00, 0x00] + Array(1...16) + Array(17...32) + [3] + Array("ana".utf8)
        let columnID: [UInt8] = Array(0x21...0x30)
        let cardID: [UInt8] = Array(0x31...0x40)
        let column = ColumnSpec(id: ColumnID(Identifier(high: 0x2122_2324_2526_2728, low: 0x292A_2B2C_2D2E_2F30)), name: "DOING")

        // Tag 7: the column (id, name), from index, to index (LEB128: 200 is C8 01).
        let moved = event(.columnMoved(ColumnMoved(column: column, fromIndex: 1, toIndex: 200)))
        let movedBytes: [UInt8] = [2, 7] + envelope + columnID + [5] + Array("DOING".utf8) + [1, 0xC8, 0x01]
        #expect(EventCodec.encode(moved) == movedBytes)
        #expect(try EventCodec.decode(movedBytes, sequence: 7) == moved)

        // Tag 14: the card as an add lays it out (id, column, key, title, description, due), then its index.
        let card = Card(
            id: CardID(Identifier(high: 0x3132_3334_3536_3738, low: 0x393A_3B3C_3D3E_3F40)), column: column.id,
            key: OrderKey(integer: -1, fraction: [0x80]), title: "X", description: "", due: .day(CalendarDay(daysSinceEpoch: 3))
        )
        let revived = event(.cardRevived(CardRevived(card: card, index: 2)))
        let revivedBytes: [UInt8] = [2, 14] + envelope + cardID + columnID
            + [1, 1, 0x80] // key: ZigZag(-1), one fraction digit
            + [1] + Array("X".utf8) + [0] // title, empty description
            + [1, 6] // due: a day, ZigZag(3)
            + [2] // index
        #expect(EventCodec.encode(revived) == revivedBytes)
        #expect(try EventCodec.decode(revivedBytes, sequence: 7) == revived)
        // An add of the same card differs only in its tag.
        #expect(EventCodec.encode(event(.cardAdded(CardAdded(card: card, index: 2)))) == [2, 10] + revivedBytes.dropFirst(2))
        #expect(revivedBytes.withUnsafeBytes { EventCodec.peekCard($0) } == card.id)
        #expect(movedBytes.withUnsafeBytes { EventCodec.peekCard($0) } == nil)
    }

    @Test("A known encoding decodes to the same event (format version 1 stays readable)")
    func goldenBytes() throws {
        let event = RecordedEvent(
            sequence: 7,
            timestamp: Timestamp(millisecondsSinceEpoch: 1_735_689_600_000),
            actor: "ana",
            id: EventID(Identifier(high: 0x0102_0304_0506_0708, low: 0x090A_0B0C_0D0E_0F10)),
            board: BoardID(Identifier(high: 0x1112_1314_1516_1718, low: 0x191A_1B1C_1D1E_1F20)),
            payload: .boardRenamed(BoardRenamed(from: "a", to: "été"))
        )
        let bytes: [UInt8] = [1, 2]
            + [0x00, 0x7C, 0x29, 0x1F, 0x94, 0x01, 0x00, 0x00] // 1_735_689_600_000, little-endian
            + Array(1...16) + Array(17...32)
            + [3] + Array("ana".utf8)
            + [1] + Array("a".utf8)
            + [5] + Array("été".utf8)
        // Version 2 writes the same bytes for this kind, under its own version number.
        #expect(EventCodec.encode(event) == [2] + bytes.dropFirst())
        #expect(try EventCodec.decode(bytes, sequence: 7) == event)
        #expect(try EventCodec.decode([2] + bytes.dropFirst(), sequence: 7) == event)
    }
}
