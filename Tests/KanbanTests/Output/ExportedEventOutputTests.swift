import Foundation
import Kanban
import KanbanCore
import KanbanTestSupport
import Testing

/// A line of `kanban export --format jsonl`: the `log --json` object with `leaf` and `raw`.
struct ExportedEventOutputTests {
    @Test("The line is the event's log --json keys beside leaf (hex hash of the stored bytes) and raw (base64), and reads back")
    func shape() throws {
        let event = RecordedEvent(
            sequence: 7, timestamp: Sample.moment, actor: "ana", id: Sample.event, board: Sample.board,
            payload: .boardRenamed(BoardRenamed(from: "a", to: "b"))
        )
        let bytes = EventCodec.encode(event)
        let output = ExportedEventOutput(stored: StoredEvent(event: event, bytes: bytes))
        #expect(output.event == EventOutput(event: event))
        #expect(Data(base64Encoded: output.raw) == Data(bytes))
        #expect(output.leaf == MerkleHash.hex(MerkleHash.leaf(bytes)))
        try expectJSON(output, [
            "sequence": 7, "timestamp": "2027-01-15T08:00:00Z", "actor": "ana", "id": .string(Sample.text(5)),
            "board": .string(Sample.text(1)), "kind": "boardRenamed", "data": ["from": "a", "to": "b"],
            "leaf": .string(output.leaf), "raw": .string(Data(bytes).base64EncodedString()),
        ])
    }

    @Test("The leaf is RFC 6962's: SHA-256 of 0x00 then the stored bytes")
    func leafIsRFC6962() throws {
        // SHA-256(0x00): the leaf hash of an empty value, as RFC 6962's test vectors give it.
        let empty = StoredEvent(
            event: RecordedEvent(sequence: 1, timestamp: Sample.moment, actor: "a", id: Sample.event, board: Sample.board,
                                 payload: .boardRenamed(BoardRenamed(from: "a", to: "b"))),
            bytes: []
        )
        #expect(ExportedEventOutput(stored: empty).leaf == "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d")
        #expect(ExportedEventOutput(stored: empty).raw == "")
    }
}
