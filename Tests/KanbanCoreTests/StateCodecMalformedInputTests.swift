import KanbanCore
import Testing

/// Snapshot bytes whose boards break what replay guarantees (every board has columns, each its
/// own, once) are refused, so the engine falls back to replay instead of trapping later.
struct StateCodecMalformedInputTests {
    static let board = Identifier(high: 1, low: 1)
    static let otherBoard = Identifier(high: 1, low: 2)
    static let todo = Identifier(high: 2, low: 1)
    static let done = Identifier(high: 2, low: 2)

    /// A state in the snapshot layout (see ``StateCodec``): boards with the column ids they
    /// list, then columns with their owners; no cards, no stacks. Counts stay below 128, so
    /// each LEB128 count is one byte.
    static func encoded(boards: [(Identifier, [Identifier])], columns: [(Identifier, owner: Identifier)]) -> [UInt8] {
        func id(_ value: Identifier) -> [UInt8] {
            withUnsafeBytes(of: value.high.bigEndian, Array.init) + withUnsafeBytes(of: value.low.bigEndian, Array.init)
        }
        var bytes: [UInt8] = [9, UInt8(boards.count), UInt8(boards.count)]
        for (board, columnIDs) in boards {
            bytes += id(board) + [1, UInt8(ascii: "b"), UInt8(columnIDs.count)]
            for column in columnIDs { bytes += id(column) }
        }
        bytes.append(UInt8(columns.count))
        for (column, owner) in columns { bytes += id(column) + id(owner) + [1, UInt8(ascii: "c")] }
        return bytes + [0, 0] // no cards, no actors
    }

    static func decode(_ bytes: [UInt8]) -> Result<KanbanState, EventDecodingError> {
        bytes.withUnsafeBytes { buffer -> Result<KanbanState, EventDecodingError> in
            do throws(EventDecodingError) { return .success(try StateCodec.decode(buffer)) } catch { return .failure(error) }
        }
    }

    @Test("A board as replay makes it decodes")
    func wellFormed() throws {
        let bytes = Self.encoded(boards: [(Self.board, [Self.todo, Self.done])], columns: [(Self.todo, Self.board), (Self.done, Self.board)])
        let state = try Self.decode(bytes).get()
        #expect(state.boards[BoardID(Self.board)]?.columns == [ColumnID(Self.todo), ColumnID(Self.done)])
        #expect(StateCodec.encode(state) == bytes)
    }

    @Test("A board with no columns, a column listed twice or not its own, and a board twice are refused", arguments: [
        ("no columns", [(board, [])], [(todo, board)]),
        ("a column twice", [(board, [todo, todo])], [(todo, board)]),
        ("a column that does not exist", [(board, [todo, done])], [(todo, board)]),
        ("another board's column", [(board, [todo]), (otherBoard, [todo])], [(todo, board)]),
        ("a board twice", [(board, [todo]), (board, [todo])], [(todo, board)]),
        ("a column twice in the column list", [(board, [todo])], [(todo, board), (todo, board)]),
    ] as [(String, [(Identifier, [Identifier])], [(Identifier, Identifier)])])
    func malformedBoards(what: String, boards: [(Identifier, [Identifier])], columns: [(Identifier, Identifier)]) {
        let result = Self.decode(Self.encoded(boards: boards, columns: columns.map { ($0.0, owner: $0.1) }))
        guard case .failure(.malformed) = result else {
            Issue.record("\(what): \(result)")
            return
        }
    }

    @Test("A card twice is refused, whether every card is read or one board's", arguments: [false, true])
    func cardTwice(oneBoard: Bool) throws {
        var state = KanbanState()
        let events = try WorkloadGeneratorTests.run(seed: 3, events: 200).events
        for event in events { state.apply(event) }
        let cards = state.cards.values
        try #require(cards.count >= 2)
        func id(_ value: CardID) -> [UInt8] {
            withUnsafeBytes(of: value.raw.high.bigEndian, Array.init) + withUnsafeBytes(of: value.raw.low.bigEndian, Array.init)
        }
        // The second card's id, where its record starts, made the first card's.
        var bytes = StateCodec.encode(state)
        let second = id(cards[1].id)
        let at = try #require((0...(bytes.count - 16)).first { Array(bytes[$0..<($0 + 16)]) == second })
        bytes.replaceSubrange(at..<(at + 16), with: id(cards[0].id))
        let board = state.boardOrder.first
        let result = bytes.withUnsafeBytes { buffer -> Result<KanbanState, EventDecodingError> in
            do throws(EventDecodingError) {
                return .success(try StateCodec.decode(buffer, cardsOf: oneBoard ? board : nil))
            } catch { return .failure(error) }
        }
        guard case .failure(.malformed(let what, _)) = result else {
            Issue.record("a card twice decoded: \(result)")
            return
        }
        #expect(what == "card \(cards[0].id) twice")
    }
}
