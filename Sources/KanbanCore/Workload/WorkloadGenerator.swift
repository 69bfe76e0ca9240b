/// The standard workload of `Benchmarks/README.md`: commands drawn from a seed, so the same
/// event count and seed give the same log.
///
/// Mix: 15% add, 30% edit, 40% move (half within a column, half across), 10% delete, 5% undo
/// or redo (an edit instead when the actor has nothing to undo or the undo would conflict). Five actors, titles of 10–40 characters (one in five
/// Korean or French), descriptions of 0–300 characters (mean 100), a due date on half the
/// cards, timestamps strictly increasing over one simulated year from 2025-01-01.
public struct WorkloadGenerator: Sendable {
    /// The five actors.
    public static let actors = ["alice", "bob", "carol", "dave", "erin"]
    /// The first moment of the simulated year.
    public static let start = Timestamp(millisecondsSinceEpoch: 1_735_689_600_000) // 2025-01-01T00:00:00Z

    /// Where ids for decided events come from: seeded too.
    public var ids: SeededGenerator
    private var random: SeededGenerator
    private let boardNames: [String]
    private var liveCards: [BoardID: LiveCards] = [:]
    private let firstTimestamp: Timestamp
    private let step: Int64
    private var commandsIssued: Int64 = 0
    /// The last sequence number this generator has seen the effects of.
    private var observedSequence: UInt64 = 0
    /// Below 5 when the last roll fell in the undo-or-redo share.
    private var undoRoll = 100

    /// A generator for `events` events over `boards` boards (`main`, `board-2`, …), continuing
    /// a log whose state is `state` and whose last timestamp is `after`.
    public init(seed: UInt64, events: Int, boards: Int, continuing state: KanbanState, after: Timestamp) {
        // Continuing a log mixes its length into the seed, so a second run with the same seed
        // on the same database draws new ids rather than the first run's again.
        let continuation = state.lastSequence &* 0x9E37_79B9_7F4A_7C15
        random = SeededGenerator(seed: seed ^ continuation)
        ids = SeededGenerator(seed: seed ^ 0x5EED_1D5 ^ continuation)
        boardNames = [DefaultBoard.name] + (max(boards, 1) > 1 ? (2...max(boards, 1)).map { "board-\($0)" } : [])
        firstTimestamp = max(WorkloadGenerator.start, Timestamp(millisecondsSinceEpoch: after.millisecondsSinceEpoch + 1))
        step = max(1, 365 * 86_400_000 / Int64(max(events, 1)))
        resynchronize(with: state)
    }

    /// Takes the live cards from `state`: at the start, and whenever events this generator did
    /// not observe (another process's) were applied in between.
    private mutating func resynchronize(with state: KanbanState) {
        liveCards = [:]
        for card in state.cards.values {
            guard let board = state.columns[card.column]?.board else { continue }
            liveCards[board, default: LiveCards()].insert(card.id)
        }
        observedSequence = state.lastSequence
    }

    /// The moment the next command is stamped with.
    public var timestamp: Timestamp {
        Timestamp(millisecondsSinceEpoch: firstTimestamp.millisecondsSinceEpoch + commandsIssued * step)
    }

    /// The next step and who takes it.
    public mutating func next(in state: KanbanState) -> (step: WorkloadStep, actor: String) {
        let (command, actor) = nextCommand(in: state)
        guard case .editCard = command, undoRoll < 5 else { return (.command(command), actor) }
        // The 5% of undo or redo: redo when the actor has something to redo, half the time.
        if !state.undoStacks.redoStack(for: actor).isEmpty && Bool.random(using: &random) { return (.redo, actor) }
        return (.undo, actor)
    }

    /// An edit of a random card of the first board with cards: what a step that cannot be
    /// taken (nothing to undo, or a conflict) becomes.
    public mutating func fallback(in state: KanbanState) -> Command? {
        for name in boardNames {
            guard let board = state.board(named: name), let cards = liveCards[board.id], !cards.isEmpty else { continue }
            let card = cards.randomElement(using: &random)
            return editCommand(board: name, card: card, hasDue: state.cards[card]?.due != nil)
        }
        return nil
    }

    private mutating func nextCommand(in state: KanbanState) -> (command: Command, actor: String) {
        undoRoll = 100
        commandsIssued += 1
        if state.lastSequence != observedSequence { resynchronize(with: state) }
        let actor = WorkloadGenerator.actors[Int.random(in: 0..<WorkloadGenerator.actors.count, using: &random)]
        // The first command makes `main` (on first use); the other boards come next.
        if DefaultBoard.isPending(in: state) { return (addCommand(board: DefaultBoard.name), actor) }
        if let missing = boardNames.first(where: { state.board(named: $0) == nil }) {
            return (.createBoard(name: missing), actor)
        }
        let boardName = boardNames[Int.random(in: 0..<boardNames.count, using: &random)]
        guard let board = state.board(named: boardName),
              let cards = liveCards[board.id], !cards.isEmpty
        else { return (addCommand(board: boardName), actor) }

        let roll = Int.random(in: 0..<100, using: &random)
        let cardID = cards.randomElement(using: &random)
        // The card's fields are read where it lies: a copy would retain its texts.
        let position = state.cards.index(forKey: cardID)!
        let cardColumn = state.cards.values[position].column
        let cardHasDue = state.cards.values[position].due != nil
        switch roll {
        case ..<15:
            return (addCommand(board: boardName), actor)
        case 95...:
            undoRoll = roll - 95
            return (editCommand(board: boardName, card: cardID, hasDue: cardHasDue), actor)
        case ..<45:
            return (editCommand(board: boardName, card: cardID, hasDue: cardHasDue), actor)
        case ..<85:
            let across = Bool.random(using: &random) && board.columns.count > 1
            var target = cardColumn
            if across {
                let others = board.columns.filter { $0 != cardColumn }
                target = others[Int.random(in: 0..<others.count, using: &random)]
            }
            let count = state.cardCount(in: target) - (target == cardColumn ? 1 : 0)
            let index = Int.random(in: 0...max(count, 0), using: &random)
            let column = state.columns[target]!.name
            return (.moveCard(board: boardName, card: cardID.description, column: column, index: index), actor)
        default:
            return (.deleteCard(board: boardName, card: cardID.description), actor)
        }
    }

    /// Keeps track of live cards from the events the commands produced.
    public mutating func observe(_ event: RecordedEvent) {
        observedSequence = event.sequence
        // Most events neither add nor remove a card: their case says so without the copy of
        // the payload (and retains of its texts) that `effect` makes.
        switch event.payload {
        case .cardAdded, .cardRevived, .cardDeleted, .undone, .redone: break
        default: return
        }
        switch event.payload.effect {
        case .cardAdded(let added): liveCards[event.board, default: LiveCards()].insert(added.card.id)
        case .cardRevived(let revived): liveCards[event.board, default: LiveCards()].insert(revived.card.id)
        case .cardDeleted(let deleted): liveCards[event.board]?.remove(deleted.card.id)
        default: break
        }
    }

    private mutating func addCommand(board: String) -> Command {
        let due = Bool.random(using: &random) ? dueDate() : nil
        return .addCard(board: board, title: title(), description: description(), due: due)
    }

    private mutating func editCommand(board: String, card: CardID, hasDue: Bool) -> Command {
        switch Int.random(in: 0..<5, using: &random) {
        case 0, 1: .editCard(board: board, card: card.description, title: title())
        case 2, 3: .editCard(board: board, card: card.description, description: description())
        default: .editCard(board: board, card: card.description, due: hasDue ? .remove : .set(dueDate()))
        }
    }

    private mutating func title() -> String {
        let words: WordList
        switch Int.random(in: 0..<10, using: &random) {
        case 0: words = WorkloadText.korean
        case 1: words = WorkloadText.french
        default: words = WorkloadText.english
        }
        var title = ""
        while title.count < 10 {
            title = WorkloadText.text(length: Int.random(in: 10...40, using: &random), words: words, using: &random)
        }
        return title
    }

    private mutating func description() -> String {
        let unit = Double.random(in: 0..<1, using: &random)
        return WorkloadText.text(length: Int(unit * unit * 301), words: WorkloadText.english, using: &random)
    }

    private mutating func dueDate() -> Due {
        let today = timestamp.utcDay.daysSinceEpoch
        return .day(CalendarDay(daysSinceEpoch: today + Int64.random(in: -30...60, using: &random)))
    }
}
