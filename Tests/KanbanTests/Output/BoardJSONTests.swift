import Foundation
@testable import Kanban
import KanbanCore
@testable import KanbanOutput
import PropertyBased
import Testing

/// ``BoardJSON`` writes exactly the bytes the shared `JSONEncoder` writes for a ``BoardOutput``.
struct BoardJSONTests {
    /// Every control character, one by one.
    static let controlCharacters = (0..<0x20).map { String(Character(Unicode.Scalar(UInt8($0)))) }

    /// Text that escaping could get wrong.
    static let awkward: [String] = controlCharacters + [
        "", "\"", "\\", "/", "\\\"", "\"\"", "\\\\", "a/b\\c\"d", "</script>", "\u{7F}", "\u{80}",
        "\u{2028}", "\u{2029}", "line one\nline two", "tab\there", "\r\n", "회의 준비 — 다음 주",
        "👩‍👩‍👧‍👦", "👍🏽", "🏳️‍🌈", "e\u{301}", "a\u{0308}\u{0323}", "\u{FEFF}", "\u{FFFD}", "\u{10FFFF}",
        "\u{1}\u{2}é\u{1F}\"\\/🎉", String(repeating: "x", count: 1_000), controlCharacters.joined(),
        "mixed \u{0}null and \u{0B} vertical tab", "{\"board\":\"injected\"}",
    ]

    /// The bytes `OutputJSON.encode` writes for `board`.
    static func expected(_ board: BoardOutput) throws -> [UInt8] {
        [UInt8](try OutputJSON.encode(board))
    }

    /// Expects ``BoardJSON`` to write what `OutputJSON.encode` writes, showing both when not.
    static func expectSame(_ board: BoardOutput, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let written = BoardJSON.encode(board)
        let expected = try expected(board)
        #expect(written == expected, "\(String(decoding: written, as: UTF8.self))\nexpected\n\(String(decoding: expected, as: UTF8.self))", sourceLocation: sourceLocation)
    }

    /// Expects both of ``BoardJSON``'s ways to write `view` to write what `OutputJSON.encode` writes.
    static func expectSame(_ view: BoardView, sequence: UInt64?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let board = BoardOutput(view: view, sequence: sequence)
        try expectSame(board, sourceLocation: sourceLocation)
        let written = BoardJSON.encode(view: view, sequence: sequence)
        let expected = try expected(board)
        #expect(written == expected, "\(String(decoding: written, as: UTF8.self))\nexpected\n\(String(decoding: expected, as: UTF8.self))", sourceLocation: sourceLocation)
    }

    @Test("Awkward text in every string of the board is escaped as Foundation escapes it", arguments: awkward)
    func awkwardText(text: String) throws {
        let card = BoardCardOutput(id: text, title: text, description: text, due: text, overdue: true)
        try Self.expectSame(BoardOutput(board: text, columns: [BoardColumnOutput(name: text, cards: [card, card])], sequence: 7))
        try Self.expectSame(BoardOutput(board: text, columns: [BoardColumnOutput(name: "plain", cards: [card])]))
    }

    @Test("Awkward text in a view's board, column, title and description: the same bytes from the view", arguments: awkward)
    func awkwardView(text: String) throws {
        let todo = ColumnID(Identifier(high: 0, low: 2))
        let card = Card(id: CardID(Identifier(high: .max, low: 0x0123_4567_89AB_CDEF)), column: todo, key: .middle, title: text, description: text, due: .day(try #require(CalendarDay(year: 2026, month: 12, day: 1))))
        let view = BoardView(id: BoardID(Identifier(high: 0, low: 1)), name: text, columns: [
            BoardView.ColumnView(id: todo, name: text, cards: [BoardView.CardView(card: card, isOverdue: true), BoardView.CardView(card: card, isOverdue: false)]),
        ])
        try Self.expectSame(view, sequence: nil)
        try Self.expectSame(view, sequence: 12)
    }

    @Test("Control characters use the short escapes where JSON has one, else \\u00xx in lowercase hex")
    func controlEscapes() {
        let card = BoardCardOutput(id: "", title: "\u{8}\u{9}\u{A}\u{C}\u{D}\u{0}\u{1B}\u{1F}", description: "", due: nil, overdue: false)
        let text = String(decoding: BoardJSON.encode(BoardOutput(board: "b", columns: [BoardColumnOutput(name: "c", cards: [card])])), as: UTF8.self)
        #expect(text == #"{"board":"b","columns":[{"cards":[{"description":"","due":null,"id":"","overdue":false,"title":"\b\t\n\f\r\u0000\u001b\u001f"}],"name":"c"}]}"#)
    }

    @Test("Boards from the engine's views: both kinds of due date, none, overdue or not, empty columns, no columns")
    func fromViews() throws {
        let todo = ColumnID(Identifier(high: 0, low: 2))
        func card(_ n: UInt64, _ title: String, due: Due?) -> Card {
            Card(id: CardID(Identifier(high: 0xDEAD_BEEF_0000_0001, low: n)), column: todo, key: .middle, title: title, description: "d/\(n)", due: due)
        }
        let moments: [Int64] = [0, -1, 1_800_000_000_250, 1_800_000_000_000, 253_402_300_799_999, -62_135_596_800_000, .max, .min]
        var cards = moments.enumerated().map { index, milliseconds in
            BoardView.CardView(card: card(UInt64(index), "moment \(milliseconds)", due: .moment(Timestamp(millisecondsSinceEpoch: milliseconds))), isOverdue: index % 2 == 0)
        }
        // Days of years 0–9999 are written digit by digit; others through their description.
        let days = [
            CalendarDay(year: 2026, month: 12, day: 1), CalendarDay(year: 1, month: 1, day: 1), CalendarDay(year: 9999, month: 12, day: 31),
            CalendarDay(year: 0, month: 2, day: 29), CalendarDay(year: 10_000, month: 1, day: 1), CalendarDay(year: -1, month: 12, day: 31),
            CalendarDay(year: 1970, month: 1, day: 9), CalendarDay(daysSinceEpoch: .max), CalendarDay(daysSinceEpoch: .min),
        ]
        for (index, day) in days.enumerated() {
            cards.append(BoardView.CardView(card: card(100 + UInt64(index), "day", due: .day(try #require(day))), isOverdue: index == 0))
        }
        cards.append(BoardView.CardView(card: card(200, "no due", due: nil), isOverdue: false))
        let view = BoardView(id: BoardID(Identifier(high: 0, low: 1)), name: "main", columns: [
            BoardView.ColumnView(id: todo, name: "TODO", cards: cards),
            BoardView.ColumnView(id: ColumnID(Identifier(high: 0, low: 3)), name: "DOING", cards: []),
            BoardView.ColumnView(id: ColumnID(Identifier(high: 0, low: 4)), name: "DONE", cards: Array(cards.prefix(1))),
        ])
        for sequence in [nil, 0, 1, 9, 10, 1_000_000, UInt64(Int64.max), UInt64.max] as [UInt64?] {
            try Self.expectSame(view, sequence: sequence)
        }
        try Self.expectSame(BoardView(id: view.id, name: "none", columns: []), sequence: nil)
        try Self.expectSame(BoardOutput(board: "empty", columns: []))
        try Self.expectSame(BoardOutput(board: "empty", columns: [], sequence: 3))
        try Self.expectSame(BoardOutput(board: "one", columns: [BoardColumnOutput(name: "TODO", cards: [])]))
    }

    @Test("The text decodes back to the board")
    func decodesBack() throws {
        let card = BoardCardOutput(id: "x", title: Self.awkward.joined(separator: "|"), description: "\u{2028}", due: "2026-12-01", overdue: true)
        let board = BoardOutput(board: "회의", columns: [BoardColumnOutput(name: "\"q\"", cards: [card])], sequence: 42)
        #expect(try OutputJSON.decode(BoardOutput.self, from: Data(BoardJSON.encode(board))) == board)
    }

    @Test("The size reserved covers a board with nothing to escape, and write appends after what is there")
    func reserveAndAppend() throws {
        let card = BoardCardOutput(id: Identifier(high: 1, low: 2).description, title: "Card", description: "words", due: "2026-12-01T09:00:00.250Z", overdue: false)
        let board = BoardOutput(board: "main", columns: [BoardColumnOutput(name: "TODO", cards: Array(repeating: card, count: 50))], sequence: .max)
        #expect(BoardJSON.estimatedCount(board) >= (try Self.expected(board)).count)
        let todo = ColumnID(Identifier(high: 0, low: 2))
        let dueCard = Card(id: CardID(Identifier(high: 1, low: 2)), column: todo, key: .middle, title: "Card", description: "words", due: .moment(Timestamp(millisecondsSinceEpoch: .min)))
        let view = BoardView(id: BoardID(Identifier(high: 0, low: 1)), name: "main", columns: [
            BoardView.ColumnView(id: todo, name: "TODO", cards: Array(repeating: BoardView.CardView(card: dueCard, isOverdue: true), count: 50)),
        ])
        #expect(BoardJSON.estimatedCount(view) >= (try Self.expected(BoardOutput(view: view, sequence: .max))).count)
        var bytes = Array("prefix ".utf8)
        BoardJSON.write(board, into: &bytes)
        #expect(bytes == Array("prefix ".utf8) + (try Self.expected(board)))
    }

    @Test("Random boards of random text: the same bytes as the shared encoder")
    func randomBoards() async throws {
        await propertyCheck(count: 300, input: Gen.uint64()) { seed throws in
            var random = SeededGenerator(seed: seed)
            let board = Self.randomBoard(using: &random)
            try Self.expectSame(board)
        }
    }

    @Test("Random views of random text and due dates: the same bytes from the view and from its BoardOutput")
    func randomViews() async throws {
        await propertyCheck(count: 300, input: Gen.uint64()) { seed throws in
            var random = SeededGenerator(seed: seed)
            let view = Self.randomView(using: &random)
            try Self.expectSame(view, sequence: Bool.random(using: &random) ? random.next() : nil)
        }
    }

    @Test("Written a chunk at a time, a random view gives the same bytes as encoded whole, whatever the chunk size")
    func chunked() async throws {
        await propertyCheck(count: 200, input: Gen.uint64()) { seed throws in
            var random = SeededGenerator(seed: seed)
            let view = Self.randomView(using: &random)
            let sequence: UInt64? = Bool.random(using: &random) ? random.next() : nil
            let whole = BoardJSON.encode(view: view, sequence: sequence)
            for chunkSize in [1, 7, 300, 1 << 18] {
                var chunks: [[UInt8]] = []
                BoardJSON.write(view: view, sequence: sequence, chunkSize: chunkSize) { chunks.append(Array($0)) }
                #expect(Array(chunks.joined()) == whole, "chunks of \(chunkSize)")
                #expect(chunks.dropLast().allSatisfy { $0.count >= chunkSize }, "a chunk is passed on once it holds \(chunkSize) bytes")
            }
        }
    }

    /// A view of up to 5 columns of up to 8 cards each: random ids, text from
    /// ``randomText(using:)``, due days, moments (Int64's ends included) or none.
    static func randomView(using random: inout SeededGenerator) -> BoardView {
        let columns = (0..<Int.random(in: 0...5, using: &random)).map { _ in
            let column = ColumnID(Identifier(high: random.next(), low: random.next()))
            let cards = (0..<Int.random(in: 0...8, using: &random)).map { _ in
                let due: Due? = switch Int.random(in: 0...3, using: &random) {
                case 0: nil
                case 1: CalendarDay(year: Int.random(in: 1...9999, using: &random), month: Int.random(in: 1...12, using: &random), day: Int.random(in: 1...28, using: &random)).map(Due.day)
                case 2: .moment(Timestamp(millisecondsSinceEpoch: Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &random)))
                default: .moment(Timestamp(millisecondsSinceEpoch: Int64(bitPattern: random.next())))
                }
                let card = Card(
                    id: CardID(Identifier(high: random.next(), low: random.next())), column: column, key: .middle,
                    title: randomText(using: &random), description: randomText(using: &random), due: due
                )
                return BoardView.CardView(card: card, isOverdue: Bool.random(using: &random))
            }
            return BoardView.ColumnView(id: column, name: randomText(using: &random), cards: cards)
        }
        return BoardView(id: BoardID(Identifier(high: random.next(), low: random.next())), name: randomText(using: &random), columns: columns)
    }

    /// A board of up to 5 columns of up to 8 cards each, its text drawn from ``randomText(using:)``.
    static func randomBoard(using random: inout SeededGenerator) -> BoardOutput {
        let columns = (0..<Int.random(in: 0...5, using: &random)).map { _ in
            let cards = (0..<Int.random(in: 0...8, using: &random)).map { _ in
                let due: String? = switch Int.random(in: 0...3, using: &random) {
                case 0: nil
                case 1: "2026-12-\(Int.random(in: 10...28, using: &random))"
                case 2: "2026-12-01T09:\(Int.random(in: 10...59, using: &random)):00Z"
                default: randomText(using: &random)
                }
                return BoardCardOutput(
                    id: Identifier(high: random.next(), low: random.next()).description, title: randomText(using: &random),
                    description: randomText(using: &random), due: due, overdue: Bool.random(using: &random)
                )
            }
            return BoardColumnOutput(name: randomText(using: &random), cards: cards)
        }
        let sequence: UInt64? = Bool.random(using: &random) ? UInt64.random(in: 0...UInt64.max, using: &random) >> UInt64.random(in: 0...63, using: &random) : nil
        return BoardOutput(board: randomText(using: &random), columns: columns, sequence: sequence)
    }

    /// Up to 40 characters: plain ASCII mostly, and control characters, quotes, backslashes,
    /// slashes, DEL, line separators, Hangul, emoji and combining marks.
    static func randomText(using random: inout SeededGenerator) -> String {
        let pieces = ["\"", "\\", "/", "\u{7F}", "\u{2028}", "\u{2029}", "한", "글", "🎉", "👩‍💻", "👍🏿", "\u{301}", "é", "\u{FEFF}", " "]
        var text = ""
        for _ in 0..<Int.random(in: 0...40, using: &random) {
            switch Int.random(in: 0...9, using: &random) {
            case 0...4: text.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random)))
            case 5, 6: text.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0x00...0x1F, using: &random)))
            default: text += pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }
        }
        return text
    }
}
