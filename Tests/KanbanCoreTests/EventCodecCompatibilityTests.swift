import KanbanCore
import Testing

/// Values written by earlier builds stay readable.
struct EventCodecCompatibilityTests {
    @Test("A version-1 board event (before board events carried a place) decodes, with no place")
    func boardEventWithoutIndex() throws {
        for payload in [
            EventPayload.boardCreated(BoardCreated(name: "main", columns: [ColumnSpec(id: ColumnID(Identifier(high: 1, low: 2)), name: "TODO")])),
            EventPayload.boardRemoved(BoardRemoved(name: "old", columns: [ColumnSpec(id: ColumnID(Identifier(high: 1, low: 3)), name: "")])),
        ] {
            let event = RecordedEvent(
                sequence: 1, timestamp: Timestamp(millisecondsSinceEpoch: 1_700_000_000_000), actor: "kanban",
                id: EventID(Identifier(high: 3, low: 4)), board: BoardID(Identifier(high: 5, low: 6)), payload: payload
            )
            var bytes = EventCodec.encode(event)
            #expect(bytes.first == 2 && bytes.last == 0, "version 2 writes no index as 0")
            // Version 1, as earlier builds wrote it: no index at all.
            bytes[0] = 1
            bytes.removeLast()
            #expect(try EventCodec.decode(bytes, sequence: 1) == event)
            var state = KanbanState()
            _ = try bytes.withUnsafeBytes { try state.apply(encoded: $0, sequence: 1) }
            #expect(state.lastSequence == 1)
            // Version 2 without its index is truncated.
            bytes[0] = 2
            #expect(throws: EventDecodingError.self) { try EventCodec.decode(bytes, sequence: 1) }
        }
        // And with an index, it round-trips.
        let placed = RecordedEvent(
            sequence: 2, timestamp: Timestamp(millisecondsSinceEpoch: 0), actor: "ana",
            id: EventID(Identifier(high: 7, low: 8)), board: BoardID(Identifier(high: 5, low: 6)),
            payload: .boardCreated(BoardCreated(name: "back", columns: [ColumnSpec(id: ColumnID(Identifier(high: 1, low: 4)), name: "A")], index: 3))
        )
        #expect(try EventCodec.decode(EventCodec.encode(placed), sequence: 2) == placed)
    }
}
