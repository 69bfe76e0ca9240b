import KanbanCore
import Testing

/// ``DeletedCard/deletions(in:)``: which cards an event leaves deleted, whatever form the deletion takes.
struct DeletedCardTests {
    static let board = BoardID(Identifier(high: 1, low: 1))
    static let todo = ColumnID(Identifier(high: 2, low: 1))

    static func card(_ low: UInt64, title: String = "x") -> Card {
        Card(id: CardID(Identifier(high: 3, low: low)), column: todo, key: OrderKey(integer: Int64(low)), title: title)
    }

    static func event(_ payload: EventPayload) -> RecordedEvent {
        RecordedEvent(sequence: 9, timestamp: Timestamp(millisecondsSinceEpoch: 1_800_000_000_000), actor: "bob",
                      id: EventID(Identifier(high: 5, low: 5)), board: board, payload: payload)
    }

    static let deleteA = EventPayload.cardDeleted(CardDeleted(card: card(1, title: "A"), index: 2))
    static let addA = EventPayload.cardAdded(CardAdded(card: card(1, title: "A"), index: 2))
    static let deleteB = EventPayload.cardDeleted(CardDeleted(card: card(2, title: "B"), index: 0))

    @Test("A delete, an undone add or revive, a redone delete and a restore's deletions are deletions", arguments: [
        (deleteA, [UInt64(1)]),
        (.undone(Undone(target: 3, undid: addA, compensation: deleteA)), [1]),
        (.undone(Undone(target: 3, undid: .cardRevived(CardRevived(card: card(1), index: 0)), compensation: deleteA)), [1]),
        (.redone(Redone(target: 4, redid: deleteA, effect: deleteA)), [1]),
        (.restored(Restored(sequence: 2, timestamp: Timestamp(millisecondsSinceEpoch: 0), effects: [deleteB, deleteA])), [2, 1]),
        // A card a restore deletes and adds again is not deleted; an undone restore reads the same way.
        (.restored(Restored(sequence: 2, timestamp: Timestamp(millisecondsSinceEpoch: 0), effects: [deleteA, deleteB, addA])), [2]),
        (.undone(Undone(target: 5, undid: addA, compensation: .restored(Restored(
            sequence: 2, timestamp: Timestamp(millisecondsSinceEpoch: 0), effects: [deleteB]
        )))), [2]),
        (addA, []),
        (.undone(Undone(target: 3, undid: deleteA, compensation: addA)), []),
        (.cardRevived(CardRevived(card: card(1), index: 0)), []),
    ] as [(EventPayload, [UInt64])])
    func deletions(payload: EventPayload, expected: [UInt64]) {
        let found = DeletedCard.deletions(in: Self.event(payload))
        #expect(found.map(\.card.id.raw.low) == expected)
        for deleted in found {
            #expect(deleted.board == Self.board && deleted.sequence == 9 && deleted.actor == "bob")
            #expect(deleted.timestamp == Timestamp(millisecondsSinceEpoch: 1_800_000_000_000))
        }
        if expected == [1] { #expect(found.first?.index == 2 && found.first?.card.title == "A") }
    }

    @Test("A card reference is a whole id or a prefix, case and surrounding whitespace aside")
    func references() throws {
        let id = Self.card(1).id
        let text = id.description
        #expect(CardReference(text).matches(id) && CardReference(text).id == id)
        #expect(CardReference(" \(text.uppercased())\n").matches(id))
        #expect(CardReference(String(text.prefix(5))).matches(id))
        #expect(CardReference(String(text.prefix(5))).id == nil)
        #expect(!CardReference("zz").matches(id))
        #expect(CardReference("  ").isEmpty && !CardReference("  ").matches(id))
        #expect(!CardReference(Self.card(2).id.description).matches(id))
    }
}
