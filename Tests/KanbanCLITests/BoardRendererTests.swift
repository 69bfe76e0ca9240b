@testable import KanbanCLI
import KanbanCore
import Testing

struct BoardRendererTests {
    /// The board drawn as it was before lines were written in place: each line made whole,
    /// trailing spaces cut, then the lines joined.
    static func reference(_ board: BoardView, terminal: Terminal) -> String {
        let columnCount = max(board.columns.count, 1)
        let width = min(48, max(16, (terminal.width - 3 * (columnCount - 1)) / columnCount))
        let idLength = ShortID.length(for: board.columns.flatMap { $0.cards.map(\.card.id) })
        let headers = board.columns.map { DisplayWidth.pad("\(TerminalText.escaped($0.name)) (\($0.cards.count))", to: width) }
        let blocks: [[String]] = board.columns.map { column in
            column.cards.flatMap { view -> [String] in
                let marker = view.isOverdue && !terminal.usesColor ? "!" : ""
                var lines = [DisplayWidth.pad("\(marker)\(view.card.id.description.prefix(idLength)) \(TerminalText.escaped(view.card.title))", to: width)]
                if let due = view.card.due {
                    lines.append(DisplayWidth.pad("  due \(due)\(view.isOverdue ? " (overdue)" : "")", to: width))
                }
                return view.isOverdue ? lines.map(terminal.red) : lines
            }
        }
        let height = blocks.map(\.count).max() ?? 0
        var output = [terminal.bold(TerminalText.escaped(board.name))]
        output.append(headers.map(terminal.bold).joined(separator: " │ "))
        output.append(board.columns.map { _ in String(repeating: "─", count: width) }.joined(separator: "─┼─"))
        for row in 0..<height {
            output.append(blocks.map { row < $0.count ? $0[row] : String(repeating: " ", count: width) }.joined(separator: " │ "))
        }
        return output.map { $0.trailingSpacesRemoved() }.joined(separator: "\n")
    }

    static func board(seed: UInt64) -> BoardView {
        var random = SeededGenerator(seed: seed)
        let titles = ["Write the README", "디자인 검토", "café crème", "🚀 launch", "  spaced  ", "-dash, comma", "", "x",
                      String(repeating: "long title ", count: 8), "e\u{301}"]
        let columnNames = ["TODO", "DOING   ", "DONE", "한국어 열"]
        let columns = (0..<Int.random(in: 1...4, using: &random)).map { number in
            BoardView.ColumnView(
                id: ColumnID(.random(using: &random)), name: columnNames[number],
                cards: (0..<Int.random(in: 0...12, using: &random)).map { _ in
                    let due: Due? = Bool.random(using: &random) ? .day(CalendarDay(daysSinceEpoch: 20_000)) : nil
                    let card = Card(id: CardID(.random(using: &random)), column: ColumnID(.random(using: &random)), key: OrderKey(integer: 1),
                                    title: titles.randomElement(using: &random)!, due: due)
                    return BoardView.CardView(card: card, isOverdue: due != nil && Bool.random(using: &random))
                }
            )
        }
        return BoardView(id: BoardID(.random(using: &random)), name: seed % 2 == 0 ? "main" : "Projet  ", columns: columns)
    }

    @Test("The board is drawn line for line as before, in colour and without, at any width", arguments: 0..<24)
    func sameAsBefore(seed: UInt64) {
        let board = Self.board(seed: seed)
        for terminal in [Terminal(usesColor: false, width: 120), Terminal(usesColor: true, width: 80), Terminal(usesColor: false, width: 30)] {
            let renderer = BoardRenderer(terminal: terminal)
            #expect(renderer.render(board) == Self.reference(board, terminal: terminal))
        }
    }
}
