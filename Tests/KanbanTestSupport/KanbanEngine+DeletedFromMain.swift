import Kanban
import KanbanCore

extension KanbanEngine {
    /// Ids of the cards deleted from board `main` (none when there is no such board), for
    /// ``RandomCommands`` to name in revives.
    public func deletedFromMain() -> [CardID] {
        ((try? history.deletedCards(board: DefaultBoard.name)) ?? []).map(\.card.id)
    }
}
