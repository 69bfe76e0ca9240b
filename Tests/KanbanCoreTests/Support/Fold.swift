import KanbanCore

/// A log in memory: commands decided on the state, their events stamped and applied, as the
/// engine does but with no disk.
struct Fold {
    var state = KanbanState()
    var events: [RecordedEvent] = []
    var ids: SeededGenerator
    var actor = "tester"
    var clock: Int64 = 1_800_000_000_000

    init(seed: UInt64 = 1) { ids = SeededGenerator(seed: seed) }

    /// Decides `command` and applies its events; a rejected command changes nothing.
    @discardableResult
    mutating func run(_ command: Command) throws(KanbanError) -> [RecordedEvent] {
        let decided = try Decider.decide(command, in: state, ids: &ids)
        var recorded: [RecordedEvent] = []
        for event in decided {
            clock += 1000
            let next = RecordedEvent(
                sequence: state.lastSequence + 1,
                timestamp: Timestamp(millisecondsSinceEpoch: clock),
                actor: actor,
                id: EventID(.random(using: &ids)),
                board: event.board,
                payload: event.payload
            )
            state.apply(next)
            events.append(next)
            recorded.append(next)
        }
        return recorded
    }

    /// Adds a card and returns its id.
    @discardableResult
    mutating func add(_ title: String, board: String = DefaultBoard.name, column: String? = nil, index: Int? = nil, due: Due? = nil) throws(KanbanError) -> CardID {
        let recorded = try run(.addCard(board: board, title: title, due: due, column: column, index: index))
        guard case .cardAdded(let added)? = recorded.last?.payload else { preconditionFailure("an add decided no card") }
        return added.card.id
    }

    var main: Board { state.board(named: DefaultBoard.name)! }

    /// The titles of a column's cards, first to last.
    func titles(_ column: String, board: String = DefaultBoard.name) -> [String] {
        let board = state.board(named: board)!
        return state.cards(in: state.column(named: column, in: board)!.id).map(\.title)
    }
}
