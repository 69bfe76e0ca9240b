import KanbanCore
import Testing

/// A board laid out from a state with column orders and from one without is the same layout.
struct BoardViewTests {
    @Test("Without column orders, view(of:) lays every board out as with them: a snapshot plus a tail, three boards")
    func unindexedEqualsIndexed() throws {
        let events = try WorkloadGeneratorTests.run(seed: 11, events: 12_000, boards: 3).events
        // As `board --at` reads a moment: a snapshot's state, then the events after it.
        var halfway = KanbanState()
        for event in events.prefix(6_000) { halfway.apply(event) }
        let snapshot = StateCodec.encode(halfway)
        var unindexed = try snapshot.withUnsafeBytes { try StateCodec.decode($0) }
        for event in events.dropFirst(6_000) { unindexed.apply(event) }
        #expect(!unindexed.isOrderIndexed)
        var indexed = unindexed
        indexed.buildOrderIndex()

        let now = Timestamp(millisecondsSinceEpoch: 1_900_000_000_000)
        let today = CalendarDay(daysSinceEpoch: 21_990)
        #expect(unindexed.boardOrder.count == 3)
        var cardsLaidOut = 0
        for id in unindexed.boardOrder {
            let board = try #require(unindexed.boards[id])
            let fast = unindexed.view(of: board, now: now, today: today)
            let walked = indexed.view(of: board, now: now, today: today)
            #expect(fast == walked)
            // The view that takes the state's cards is the same view, and leaves the state it was
            // given whole (a copy's cards are its own).
            let taken = unindexed.takeView(of: board, now: now, today: today)
            #expect(taken == walked)
            #expect(indexed.takeView(of: board, now: now, today: today) == walked)
            #expect(fast.columns.map(\.cards.count) == board.columns.map { indexed.cardCount(in: $0) })
            cardsLaidOut += fast.columns.reduce(0) { $0 + $1.cards.count }
        }
        #expect(cardsLaidOut == unindexed.cards.count && cardsLaidOut > 100)
        #expect(unindexed.firstDifference(from: indexed) == nil)
    }
}
