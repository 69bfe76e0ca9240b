import Kanban
import KanbanCore
import KanbanTestSupport

extension EngineFixture {
    /// Runs `command` as `actor`.
    @discardableResult
    func run(_ command: Command, as actor: String) throws -> [RecordedEvent] {
        try engine.execute(command, actor: actor)
    }

    /// Adds a card as `actor` and returns its id.
    @discardableResult
    func add(_ title: String, as actor: String, column: String? = nil, index: Int? = nil, board: String = "main") throws -> CardID {
        let events = try engine.execute(.addCard(board: board, title: title, column: column, index: index), actor: actor)
        guard case .cardAdded(let added)? = events.last?.payload else { throw Unexpected(events: events) }
        return added.card.id
    }

    /// What the boards look like now.
    var visible: VisibleState { get throws { try engine.withState { VisibleState($0) } } }

    /// Everything the state holds now.
    var snapshot: StateSnapshot { get throws { try engine.withState { StateSnapshot($0) } } }

    /// The titles of a column of `main`, first to last.
    func titles(_ column: String, board: String = "main") throws -> [String] {
        try engine.boardView(named: board).columns.first { $0.name == column }?.cards.map(\.card.title) ?? []
    }

    /// The live card titled `title`.
    func card(_ title: String) throws -> Card? {
        try engine.withState { state in state.cards.values.first { $0.title == title } }
    }

    /// `actor`'s undo and redo stacks now.
    func stacks(_ actor: String) throws -> (undo: [UInt64], redo: [UInt64]) {
        try engine.withState { ($0.undoStacks.undoStack(for: actor), $0.undoStacks.redoStack(for: actor)) }
    }

    /// The state a fresh fold of the whole log gives, event by event through the full decoder.
    func foldedLog() throws -> KanbanState {
        var state = KanbanState()
        for event in try engine.events() { state.apply(event) }
        return state
    }
}
