import Kanban
import KanbanCore

extension KanbanEngine {
    /// Carries out `command` as `actor` (every command, revives included, goes through
    /// ``KanbanEngine/execute(_:actor:at:)``).
    @discardableResult
    public func perform(_ command: Command, actor: String) throws -> [RecordedEvent] {
        try execute(command, actor: actor)
    }

    /// Ids of the cards deleted from board `main` (none when there is no such board), for
    /// ``RandomCommands`` to name in revives.
    public func deletedFromMain() -> [CardID] {
        ((try? deletedCards(board: DefaultBoard.name)) ?? []).map(\.card.id)
    }
}
