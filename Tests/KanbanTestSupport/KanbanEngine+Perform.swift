import Kanban
import KanbanCore

extension KanbanEngine {
    /// Carries out `command` as `actor`: a revive through ``KanbanEngine/revive(board:card:column:index:actor:)``
    /// (it reads the deleted card from the log), anything else through ``KanbanEngine/execute(_:actor:)``.
    @discardableResult
    public func perform(_ command: Command, actor: String) throws -> [RecordedEvent] {
        if case .reviveCard(let board, let card, let column, let index) = command {
            return try revive(board: board, card: card, column: column, index: index, actor: actor)
        }
        return try execute(command, actor: actor)
    }

    /// Ids of the cards deleted from board `main` (none when there is no such board), for
    /// ``RandomCommands`` to name in revives.
    public func deletedFromMain() -> [CardID] {
        ((try? deletedCards(board: Board.defaultName)) ?? []).map(\.card.id)
    }
}
