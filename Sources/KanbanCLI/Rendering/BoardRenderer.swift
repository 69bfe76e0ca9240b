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

        var output = [terminal.bold(TerminalText.escaped(board.name))]
        output.append(headers.map(terminal.bold).joined(separator: " │ "))
        output.append(board.columns.map { _ in String(repeating: "─", count: width) }.joined(separator: "─┼─"))
        for row in 0..<height {
            output.append(blocks.map { row < $0.count ? $0[row] : String(repeating: " ", count: width) }.joined(separator: " │ "))
        }
        return output.map { $0.trailingSpacesRemoved() }.joined(separator: "\n")
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
