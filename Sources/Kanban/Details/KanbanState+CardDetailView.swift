import Foundation
import KanbanCore

extension KanbanState {
    /// Card `reference` (its id or a unique prefix) of board `boardName` with everything it
    /// carries, as things stand at `now`.
    package func cardDetailView(board boardName: String, card reference: String, now: Timestamp, timeZone: TimeZone) throws -> CardDetailView {
        guard let board = board(named: boardName) else { throw KanbanError.unknownBoard(boardName) }
        let card = try card(matching: reference, on: board)
        return CardDetailView(
            card: card, column: columns[card.column]?.name ?? "", isOverdue: isOverdue(card, now: now, today: now.day(in: timeZone)),
            details: details(of: card.id), boardLabels: details(ofBoard: board.id).labels
        )
    }
}
