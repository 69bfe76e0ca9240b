import KanbanCore

/// Draws a board's columns side by side as text; overdue cards stand out (red on a terminal,
/// marked `!` otherwise).
struct BoardRenderer {
    var terminal: Terminal

    func render(_ board: BoardView) -> String {
        let columnCount = max(board.columns.count, 1)
        let width = min(48, max(16, (terminal.width - 3 * (columnCount - 1)) / columnCount))
        let idLength = ShortID.length(for: board.columns.flatMap { $0.cards.map(\.card.id) })

        let headers = board.columns.map { DisplayWidth.pad("\(TerminalText.escaped($0.name)) (\($0.cards.count))", to: width) }
        let blocks: [[String]] = board.columns.map { column in
            column.cards.flatMap { lines(for: $0, idLength: idLength, width: width) }
        }
        let height = blocks.map(\.count).max() ?? 0

        // One string, each line written into it in place (a board of 100,000 cards has as many
        // lines): no string per row, and trailing spaces cut from the line just written.
        var output = ""
        output.reserveCapacity(blocks.reduce(0) { $0 + $1.reduce(0) { $0 + $1.utf8.count + 5 } } + height * (width + 5))
        func endLine() {
            while output.last == " " { output.removeLast() }
        }
        output += terminal.bold(TerminalText.escaped(board.name))
        endLine()
        output += "\n"
        output += headers.map(terminal.bold).joined(separator: " │ ")
        endLine()
        output += "\n"
        output += board.columns.map { _ in String(repeating: "─", count: width) }.joined(separator: "─┼─")
        let blank = String(repeating: " ", count: width)
        for row in 0..<height {
            output += "\n"
            for (number, block) in blocks.enumerated() {
                if number > 0 { output += " │ " }
                output += row < block.count ? block[row] : blank
            }
            endLine()
        }
        return output
    }

    private func lines(for view: BoardView.CardView, idLength: Int, width: Int) -> [String] {
        let card = view.card
        let marker = view.isOverdue && !terminal.usesColor ? "!" : ""
        var lines = [DisplayWidth.pad("\(marker)\(card.id.description.prefix(idLength)) \(TerminalText.escaped(card.title))", to: width)]
        if let due = card.due {
            lines.append(DisplayWidth.pad("  due \(due)\(view.isOverdue ? " (overdue)" : "")", to: width))
        }
        return view.isOverdue ? lines.map(terminal.red) : lines
    }
}

extension String {
    func trailingSpacesRemoved() -> String {
        guard let last = lastIndex(where: { $0 != " " }) else { return "" }
        return String(self[...last])
    }
}
