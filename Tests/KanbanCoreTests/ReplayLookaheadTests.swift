@testable import KanbanCore
import Testing

/// Replay a few events ahead (`ReplayLookahead`): every event back once, in order, and the
/// state the same as applying each as it is read.
struct ReplayLookaheadTests {
    @Test("Events come back once each and in order, however many went in", arguments: [0, 1, 2, 3, 4, 5, 9, 100])
    func order(count: Int) throws {
        let (events, _) = try WorkloadGeneratorTests.run(seed: 3, events: max(count, 1))
        let encoded = events.prefix(count).map { EventCodec.encode($0) }
        var state = KanbanState()
        var ahead = ReplayLookahead()
        var back: [UInt64] = []
        try withBuffers(encoded) { buffers in
            for (index, bytes) in buffers.enumerated() {
                if let next = ahead.push(UInt64(index + 1), bytes, for: &state) {
                    #expect(next.bytes.baseAddress == buffers[Int(next.sequence) - 1].baseAddress)
                    back.append(next.sequence)
                }
                // Never more held than the depth.
                #expect(index + 1 - back.count <= ReplayLookahead.depth)
            }
            while let next = ahead.pop() { back.append(next.sequence) }
        }
        #expect(back == (0..<count).map { UInt64($0 + 1) })
        #expect(ahead.pop() == nil)
    }

    @Test("A workload of three boards replayed through it gives the state applied event by event, at every point")
    func sameState() throws {
        let (events, _) = try WorkloadGeneratorTests.run(seed: 17, events: 6_000, boards: 3)
        let encoded = events.map { EventCodec.encode($0) }
        var direct = KanbanState()
        var ahead = KanbanState()
        var lookahead = ReplayLookahead()
        var checked = 0
        try withBuffers(encoded) { buffers in
            for (index, bytes) in buffers.enumerated() {
                let sequence = events[index].sequence
                _ = try direct.apply(encoded: bytes, sequence: sequence)
                if let next = lookahead.push(sequence, bytes, for: &ahead) { _ = try ahead.apply(encoded: next.bytes, sequence: next.sequence) }
                if index % 500 == 499 {
                    // Drained, the two states are the same; the lookahead then starts afresh.
                    while let next = lookahead.pop() { _ = try ahead.apply(encoded: next.bytes, sequence: next.sequence) }
                    #expect(ahead.firstDifference(from: direct) == nil, "after #\(sequence)")
                    checked += 1
                }
            }
            while let next = lookahead.pop() { _ = try ahead.apply(encoded: next.bytes, sequence: next.sequence) }
        }
        #expect(ahead.firstDifference(from: direct) == nil)
        #expect(checked == 12 && direct.cards.count > 100)
    }

    @Test("Asking for a card's memory never traps: an empty table, an absent card, a card removed since")
    func prefetchIsOnlyAHint() {
        var table = CardTable()
        let id = CardID(Identifier(high: 1, low: 2))
        table.prefetchSlot(of: id)
        table.prefetchCard(id)
        let cards = (0..<40).map { Card(id: CardID(Identifier(high: 9, low: UInt64($0))), column: ColumnID(Identifier(high: 0, low: 1)), key: OrderKey(integer: Int64($0)), title: "c\($0)") }
        for card in cards { table.insertNew(card) }
        for card in cards.prefix(30) { table.removeValue(forKey: card.id) }
        for card in cards {
            table.prefetchSlot(of: card.id)
            table.prefetchCard(card.id)
        }
        table.prefetchCard(id)
        #expect(table.count == 10 && table[cards[35].id]?.title == "c35" && table[cards[5].id] == nil)
    }

    /// Calls `body` with a buffer over each of `arrays`, all valid for the whole call.
    private func withBuffers(_ arrays: [[UInt8]], _ body: ([UnsafeRawBufferPointer]) throws -> Void) throws {
        let copies = arrays.map { array in
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: array.count, alignment: 8)
            buffer.copyMemory(from: array.withUnsafeBytes { $0 })
            return UnsafeRawBufferPointer(buffer)
        }
        defer { copies.forEach { $0.deallocate() } }
        try body(copies)
    }
}

extension ReplayLookaheadTests {
    @Test("The card read at fixed places is the checked reading's for every event of a workload but undos and redos, which get none")
    func cardAtFixedPlaces() throws {
        let (events, _) = try WorkloadGeneratorTests.run(seed: 23, events: 3_000, boards: 2)
        var cards = 0
        for event in events {
            let bytes = EventCodec.encode(event)
            bytes.withUnsafeBytes { buffer in
                let checked = EventCodec.peekCard(buffer)
                let fast = EventCodec.cardAtFixedPlaces(buffer)
                if event.payload.kind == .undone || event.payload.kind == .redone {
                    #expect(fast == nil)
                } else {
                    #expect(fast == checked, "\(event.payload.kind)")
                }
                if fast != nil { cards += 1 }
                // Any cut of the bytes is read or refused, never past its end.
                for end in [0, 1, 2, 42, 43, 44, buffer.count / 2, buffer.count - 1] where end <= buffer.count {
                    _ = EventCodec.cardAtFixedPlaces(UnsafeRawBufferPointer(rebasing: buffer[..<end]))
                }
            }
        }
        #expect(cards > 2_000)
        // A card's detail, by an actor with a long name; one of 128 bytes gets no hint.
        let card = CardID(Identifier(high: 5, low: 6))
        for actor in ["지민", String(repeating: "a", count: 127), String(repeating: "a", count: 128)] {
            let event = RecordedEvent(
                sequence: 1, timestamp: Timestamp(millisecondsSinceEpoch: 1), actor: actor, id: EventID(Identifier(high: 1, low: 1)),
                board: BoardID(Identifier(high: 2, low: 2)), payload: .cardDetail(CardDetailChanged(card: card, title: "t", edit: .labelled("bug")))
            )
            EventCodec.encode(event).withUnsafeBytes { buffer in
                #expect(EventCodec.peekCard(buffer) == card)
                #expect(EventCodec.cardAtFixedPlaces(buffer) == (actor.utf8.count < 128 ? card : nil))
            }
        }
    }
}
