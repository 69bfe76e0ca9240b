import KanbanCore

/// What a person sees of a ``KanbanState``: the live boards in list order, each with its
/// columns left to right and each column's cards first to last, with their ids, titles,
/// descriptions and due dates. Order keys are left out: undo and redo place cards anew, so
/// their keys differ while the board looks the same. Compare with ``StateSnapshot`` when the
/// keys and the undo stacks matter too.
public struct VisibleState: Equatable, Sendable, CustomStringConvertible {
    /// A card as shown: no order key.
    public struct CardFace: Equatable, Sendable {
        public let id: CardID
        public let title: String
        public let description: String
        public let due: Due?

        public init(_ card: Card) {
            id = card.id
            title = card.title
            description = card.description
            due = card.due
        }

        /// A short form for failure messages.
        public var summary: String {
            "\(id.description.prefix(8)) '\(title)'\(description.isEmpty ? "" : " «\(description.prefix(20))»")\(due.map { " due \($0)" } ?? "")"
        }
    }

    /// A column as shown: its name and its cards in order.
    public struct ColumnFace: Equatable, Sendable {
        public let id: ColumnID
        public let name: String
        public let cards: [CardFace]
    }

    /// A board as shown: its name and its columns left to right.
    public struct BoardFace: Equatable, Sendable {
        public let id: BoardID
        public let name: String
        public let columns: [ColumnFace]
    }

    /// The live boards, in the order `kanban boards` lists them.
    public let boards: [BoardFace]

    public init(_ state: KanbanState) {
        boards = state.boardOrder.compactMap { state.boards[$0] }.map { board in
            BoardFace(id: board.id, name: board.name, columns: board.columns.compactMap { id in
                state.columns[id].map { column in
                    ColumnFace(id: column.id, name: column.name, cards: state.cards(in: column.id).map(CardFace.init))
                }
            })
        }
    }

    /// The boards by id, whatever their order in the list.
    public var boardsByID: [BoardID: BoardFace] {
        Dictionary(uniqueKeysWithValues: boards.map { ($0.id, $0) })
    }

    /// Every live card by id.
    public var cards: [CardID: CardFace] {
        Dictionary(uniqueKeysWithValues: boards.flatMap(\.columns).flatMap(\.cards).map { ($0.id, $0) })
    }

    /// One line per board and column, for failure messages.
    public var description: String {
        boards.map { board in
            "[\(board.name)] " + board.columns.map { column in
                "\(column.name): " + column.cards.map(\.summary).joined(separator: ", ")
            }.joined(separator: " | ")
        }.joined(separator: "\n")
    }

    /// The parts that differ from `other`, one line each, for failure messages.
    public func differences(from other: VisibleState) -> [String] {
        var lines: [String] = []
        if boards.map(\.id) != other.boards.map(\.id) {
            lines.append("board order: \(boards.map(\.name)) vs \(other.boards.map(\.name))")
        }
        let mine = boardsByID
        let theirs = other.boardsByID
        for id in Set(mine.keys).union(theirs.keys) where mine[id] != theirs[id] {
            guard let left = mine[id], let right = theirs[id] else {
                lines.append("board \(mine[id]?.name ?? theirs[id]?.name ?? "?") is only on one side")
                continue
            }
            if left.name != right.name { lines.append("board name: \(left.name) vs \(right.name)") }
            if left.columns.map(\.id) != right.columns.map(\.id) {
                lines.append("columns of \(left.name): \(left.columns.map(\.name)) vs \(right.columns.map(\.name))")
            }
            // Written without `where a != b`: Swift 6.3.1's optimizer crashes on that form here.
            for index in 0..<min(left.columns.count, right.columns.count) {
                let a = left.columns[index]
                let b = right.columns[index]
                if a == b { continue }
                let mine = a.cards.map(\.summary)
                let theirs = b.cards.map(\.summary)
                lines.append("column \(a.name)/\(b.name): \(mine) vs \(theirs)")
            }
        }
        return lines
    }
}
