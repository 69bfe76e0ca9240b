import KanbanCore

/// Random commands for a state: mostly valid ones (adds, edits, moves within and across
/// columns, deletes, revives of deleted cards, board and column changes, column moves) and some
/// that must be rejected (unknown boards, cards and columns, empty or too long titles, indexes
/// out of range, removing boards and columns that still hold cards, reviving live cards).
public enum RandomCommands {
    /// A command to try on `state`. `deleted` are ids of cards deleted from the boards (the
    /// state keeps none), for revives to name; without them a revive names a live or unknown card.
    public static func next(in state: KanbanState, deleted: [CardID] = [], using random: inout some RandomNumberGenerator) -> Command {
        let board = pickBoard(in: state, using: &random)
        let boardName = board.map { recase($0.name, using: &random) }
            ?? (Int.random(in: 0..<10, using: &random) == 0 ? "no-such-board" : DefaultBoard.name)
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case ..<28:
            return .addCard(
                board: boardName,
                title: title(using: &random),
                description: description(using: &random),
                due: Bool.random(using: &random) ? nil : due(using: &random),
                column: Bool.random(using: &random) ? nil : columnName(on: board, in: state, using: &random),
                index: index(in: state, board: board, using: &random)
            )
        case ..<44:
            let dueUpdate: DueUpdate? = switch Int.random(in: 0..<4, using: &random) {
            case 0: .remove
            case 1: .set(due(using: &random))
            default: nil
            }
            return .editCard(
                board: boardName,
                card: cardReference(on: board, in: state, using: &random),
                title: Bool.random(using: &random) ? title(using: &random) : nil,
                description: Int.random(in: 0..<3, using: &random) == 0 ? description(using: &random) : nil,
                due: dueUpdate
            )
        case ..<67:
            return .moveCard(
                board: boardName,
                card: cardReference(on: board, in: state, using: &random),
                column: columnName(on: board, in: state, using: &random),
                index: index(in: state, board: board, using: &random)
            )
        case ..<70:
            let count = board?.columns.count ?? 3
            return .moveColumn(
                board: boardName,
                column: columnName(on: board, in: state, using: &random),
                index: Int.random(in: -1...count, using: &random)
            )
        case ..<78:
            return .deleteCard(board: boardName, card: cardReference(on: board, in: state, using: &random))
        case ..<81:
            let reference: String
            if Int.random(in: 0..<10, using: &random) < 7, let id = deleted.randomElement(using: &random) {
                reference = Bool.random(using: &random) ? id.description : String(id.description.prefix(8)).uppercased()
            } else {
                reference = cardReference(on: board, in: state, using: &random)
            }
            return .reviveCard(
                board: boardName,
                card: reference,
                column: Int.random(in: 0..<3, using: &random) == 0 ? columnName(on: board, in: state, using: &random) : nil,
                index: Int.random(in: 0..<3, using: &random) == 0 ? index(in: state, board: board, using: &random) : nil
            )
        case ..<85:
            let columns = Int.random(in: 0..<3, using: &random) == 0
                ? ["A", "B", "a"] // a duplicate, case-insensitively
                : Array(columnNames.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random)))
            return .createBoard(name: boardNames.randomElement(using: &random)!, columns: columns)
        case ..<88:
            return .renameBoard(board: boardName, to: boardNames.randomElement(using: &random)!)
        case ..<91:
            return .removeBoard(board: boardName)
        case ..<95:
            let count = board?.columns.count ?? 3
            let position: Int? = Bool.random(using: &random) ? nil : Int.random(in: -1...(count + 1), using: &random)
            return .addColumn(board: boardName, name: columnNames.randomElement(using: &random)!, index: position)
        case ..<98:
            return .renameColumn(
                board: boardName,
                column: columnName(on: board, in: state, using: &random),
                to: columnNames.randomElement(using: &random)!
            )
        default:
            return .removeColumn(board: boardName, column: columnName(on: board, in: state, using: &random))
        }
    }

    static let boardNames = ["main", "Side", "프로젝트", "été", "ops", "  padded  ", "", String(repeating: "b", count: 51)]
    static let columnNames = ["TODO", "DOING", "DONE", "Review", "Blocked", "검토", "Fini", "Archive", " ", "x"]
    static let titles = [
        "Write the README", "디자인 검토 회의", "Préparer la réunion d'été", "Ship 🚀 and celebrate 🎉",
        "  trimmed  ", "e\u{301}te\u{301}", "👩‍👩‍👧‍👦", "a", "Fix \"quotes\" and \\slashes\\",
    ]

    private static func pickBoard(in state: KanbanState, using random: inout some RandomNumberGenerator) -> Board? {
        let live = state.boardOrder.compactMap { state.boards[$0] }
        guard !live.isEmpty else { return nil }
        // Mostly the first board, so cards pile up in one place.
        if Int.random(in: 0..<3, using: &random) > 0 { return live[0] }
        return live.randomElement(using: &random)
    }

    private static func recase(_ name: String, using random: inout some RandomNumberGenerator) -> String {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: name.uppercased()
        case 1: name.lowercased()
        default: name
        }
    }

    private static func title(using random: inout some RandomNumberGenerator) -> String {
        switch Int.random(in: 0..<100, using: &random) {
        case ..<4: ""
        case ..<7: " \t\n "
        case ..<9: String(repeating: "t", count: Limits.titleLength + 1)
        case ..<11: String(repeating: "é", count: Limits.titleLength)
        default: titles.randomElement(using: &random)! + " \(Int.random(in: 0..<1000, using: &random))"
        }
    }

    private static func description(using random: inout some RandomNumberGenerator) -> String {
        switch Int.random(in: 0..<100, using: &random) {
        case ..<40: ""
        case ..<42: String(repeating: "d", count: Limits.descriptionLength + 1)
        case ..<44: String(repeating: "회", count: Limits.descriptionLength)
        default: "Notes \(Int.random(in: 0..<100, using: &random)): ça marche, 잘 됩니다 ✅"
        }
    }

    private static func due(using random: inout some RandomNumberGenerator) -> Due {
        if Bool.random(using: &random) {
            return .day(CalendarDay(daysSinceEpoch: Int64.random(in: 19_000...22_000, using: &random)))
        }
        return .moment(Timestamp(millisecondsSinceEpoch: Int64.random(in: 1_600_000_000_000...1_900_000_000_000, using: &random)))
    }

    private static func columnName(on board: Board?, in state: KanbanState, using random: inout some RandomNumberGenerator) -> String {
        guard let board, Int.random(in: 0..<8, using: &random) > 0,
              let column = board.columns.randomElement(using: &random).flatMap({ state.columns[$0] })
        else { return Bool.random(using: &random) ? "NOPE" : "doing" }
        return recase(column.name, using: &random)
    }

    private static func index(in state: KanbanState, board: Board?, using random: inout some RandomNumberGenerator) -> Int? {
        guard Int.random(in: 0..<3, using: &random) > 0 else { return nil }
        let largest = board.map { $0.columns.map { state.cardCount(in: $0) }.max() ?? 0 } ?? 0
        return Int.random(in: -1...(largest + 1), using: &random)
    }

    private static func cardReference(on board: Board?, in state: KanbanState, using random: inout some RandomNumberGenerator) -> String {
        let roll = Int.random(in: 0..<100, using: &random)
        // Sorted, so a seed picks the same cards whatever the dictionaries' hash seed.
        let all = state.cards.values.sorted { $0.id < $1.id }
        let onBoard = board.map { board in all.filter { state.columns[$0.column]?.board == board.id } } ?? []
        if roll < 80, let card = onBoard.randomElement(using: &random) {
            let id = card.id.description
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return id.uppercased()
            case 1: return String(id.prefix(8))
            case 2: return " \(id.prefix(13)) "
            default: return id
            }
        }
        if roll < 88, let other = all.randomElement(using: &random) {
            return other.id.description
        }
        return roll < 94 ? Identifier.random(using: &random).description : "zz"
    }
}
