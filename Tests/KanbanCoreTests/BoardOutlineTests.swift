import KanbanCore
import Testing

/// A card added at a column's end is decided on the board outline alone: the decision must be
/// the one the whole state makes, refusals included, and the outline must follow the add and
/// survive its binary form.
struct BoardOutlineTests {
    @Test("Adding at a column's end on the outline decides the event the whole state decides, refusals included, all along the workload", arguments: [1, 2, 3] as [UInt64])
    func addOnOutlineEqualsAddOnState(seed: UInt64) throws {
        let (events, _) = try WorkloadGeneratorTests.run(seed: seed, events: 500, boards: 2)
        var state = KanbanState()
        state.buildOrderIndex()
        var checked = 0
        for (offset, event) in events.enumerated() {
            state.apply(event)
            guard offset % 25 == 24 else { continue }
            let outline = BoardOutline(of: state, lastTimestamp: event.timestamp)
            for board in state.boardOrder.compactMap({ state.boards[$0] }) {
                let names = board.columns.compactMap { state.columns[$0]?.name }
                for (boardName, column) in [(board.name, nil), (board.name.uppercased(), names.last?.lowercased()), (board.name, names.first)] + [("nope", nil), (board.name, "nope")] {
                    for (title, description) in [("-dash, 한국어 🎉", "**markdown**, virgule"), ("", ""), ("ok", String(repeating: "é", count: 1_001))] {
                        let command = Command.addCard(board: boardName, title: title, description: description, due: nil, column: column)
                        var stateIDs = SeededGenerator(seed: UInt64(offset))
                        var outlineIDs = SeededGenerator(seed: UInt64(offset))
                        let expected = Self.outcome { () throws(KanbanError) in try Decider.decide(command, in: state, ids: &stateIDs) }
                        let decided = Self.outcome { () throws(KanbanError) in
                            [try Decider.addCard(board: boardName, title: title, description: description, due: nil, column: column, in: outline, ids: &outlineIDs)]
                        }
                        #expect(decided == expected, "seed \(seed), after #\(event.sequence): \(command)")
                        checked += 1
                        // The outline follows the add to what the state after it outlines.
                        if case .success(let added) = decided, let first = added.first {
                            let recorded = RecordedEvent(
                                sequence: state.lastSequence + 1, timestamp: event.timestamp, actor: "ana",
                                id: EventID(Identifier(high: 9, low: UInt64(offset))), board: first.board, payload: first.payload
                            )
                            var following = outline
                            following.recordAdded(recorded)
                            var after = state
                            after.apply(recorded)
                            #expect(following == BoardOutline(of: after, lastTimestamp: event.timestamp))
                        }
                    }
                }
            }
        }
        #expect(checked > 500)
    }

    @Test("A log with no board yet is refused on the outline (its first add makes the default board)")
    func noBoardYet() {
        var ids = SeededGenerator(seed: 1)
        let outline = BoardOutline(of: KanbanState(), lastTimestamp: Timestamp(millisecondsSinceEpoch: 0))
        #expect(throws: KanbanError.self) {
            try Decider.addCard(board: "main", title: "x", description: "", due: nil, column: nil, in: outline, ids: &ids)
        }
    }

    @Test("An outline decodes to itself; every truncation and byte flip is refused or decodes, never traps", arguments: [4, 5] as [UInt64])
    func codec(seed: UInt64) throws {
        let (events, _) = try WorkloadGeneratorTests.run(seed: seed, events: 300, boards: 3)
        var state = KanbanState()
        for event in events { state.apply(event) }
        state.buildOrderIndex()
        let outline = BoardOutline(of: state, lastTimestamp: events.last?.timestamp ?? Timestamp(millisecondsSinceEpoch: 0))
        #expect(!outline.ends.isEmpty)
        let bytes = OutlineCodec.encode(outline)
        #expect(OutlineCodec.encode(of: state, lastTimestamp: outline.lastTimestamp) == bytes, "the state's encoder writes the outline's bytes")
        #expect(try bytes.withUnsafeBytes(OutlineCodec.decode) == outline)
        #expect(OutlineCodec.encode(try bytes.withUnsafeBytes(OutlineCodec.decode)) == bytes)
        for length in 0..<bytes.count {
            #expect(throws: EventDecodingError.self) { try bytes[..<length].withUnsafeBytes(OutlineCodec.decode) }
        }
        var random = SeededGenerator(seed: seed)
        for _ in 0..<2_000 {
            var damaged = bytes
            damaged[Int.random(in: 0..<damaged.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            _ = try? damaged.withUnsafeBytes(OutlineCodec.decode)
        }
    }

    private static func outcome(_ body: () throws(KanbanError) -> [BoardEvent]) -> Result<[BoardEvent], KanbanError> {
        do {
            return .success(try body())
        } catch {
            return .failure(error)
        }
    }
}
