@testable import KanbanCore
import Testing

/// Decoding one board's cards from a snapshot (`StateCodec.decode(_:cardsOf:)`), for laying out
/// that board as of a moment without the others' cards.
struct StateCodecOneBoardTests {
    @Test("One board's decode holds every board and column and exactly that board's cards, all along a three-board workload")
    func oneBoardAlongTheWorkload() throws {
        let (events, _) = try WorkloadGeneratorTests.run(seed: 21, events: 2_400, boards: 3)
        var state = KanbanState()
        var checked = 0
        for (index, event) in events.enumerated() {
            state.apply(event)
            guard index % 200 == 199 else { continue }
            let bytes = StateCodec.encode(state)
            for board in state.boardOrder {
                let one = try bytes.withUnsafeBytes { buffer throws(EventDecodingError) in try StateCodec.decode(buffer, cardsOf: board) }
                #expect(one.boards == state.boards && one.boardOrder == state.boardOrder && one.columns == state.columns)
                #expect(one.lastSequence == state.lastSequence)
                let expected = state.cards.values.filter { state.columns[$0.column]?.board == board }
                #expect(Set(one.cards.values) == Set(expected), "board \(board) after #\(event.sequence)")
                #expect(one.undoStacks.actors.isEmpty)
                if !expected.isEmpty { checked += 1 }
            }
        }
        #expect(checked > 25)
    }

    @Test("A board that is not there decodes with no cards; any cut of the bytes is refused or decodes, never traps")
    func absentBoardAndCuts() throws {
        let (events, _) = try WorkloadGeneratorTests.run(seed: 5, events: 300, boards: 2)
        var state = KanbanState()
        for event in events { state.apply(event) }
        let bytes = StateCodec.encode(state)
        let absent = BoardID(Identifier(high: 7, low: 7))
        let none = try bytes.withUnsafeBytes { buffer throws(EventDecodingError) in try StateCodec.decode(buffer, cardsOf: absent) }
        #expect(none.cards.isEmpty && none.boards == state.boards)
        let board = try #require(state.boardOrder.last)
        for end in stride(from: 0, to: bytes.count, by: 7) {
            let cut = Array(bytes[..<end])
            _ = try? cut.withUnsafeBytes { buffer throws(EventDecodingError) in try StateCodec.decode(buffer, cardsOf: board) }
        }
    }

    @Test("A snapshot whose cards are in no order (as builds before cards went column by column wrote them) gives one board all its cards")
    func cardsInAnyOrder() throws {
        let (events, _) = try WorkloadGeneratorTests.run(seed: 8, events: 600, boards: 3)
        var state = KanbanState()
        for event in events { state.apply(event) }
        // The cards interleaved across boards: every board's first card, then every second, …
        var byBoard: [[Card]] = state.boardOrder.map { board in state.cards.values.filter { state.columns[$0.column]?.board == board } }
        #expect(byBoard.filter { !$0.isEmpty }.count == 3)
        var interleaved: [Card] = []
        while byBoard.contains(where: { !$0.isEmpty }) {
            for index in byBoard.indices where !byBoard[index].isEmpty { interleaved.append(byBoard[index].removeFirst()) }
        }
        var writer = ByteWriter(capacity: 1 << 16)
        StateCodec.encodeBoards(of: state, into: &writer)
        writer.write(count: interleaved.count)
        for card in interleaved { EventCodec.encodeCard(card, into: &writer) }
        writer.write(count: 0) // no undo stacks
        let bytes = writer.bytes
        let whole = try bytes.withUnsafeBytes { buffer throws(EventDecodingError) in try StateCodec.decode(buffer) }
        #expect(Set(whole.cards.values) == Set(state.cards.values))
        for board in state.boardOrder {
            let one = try bytes.withUnsafeBytes { buffer throws(EventDecodingError) in try StateCodec.decode(buffer, cardsOf: board) }
            #expect(Set(one.cards.values) == Set(state.cards.values.filter { state.columns[$0.column]?.board == board }))
        }
    }
}
