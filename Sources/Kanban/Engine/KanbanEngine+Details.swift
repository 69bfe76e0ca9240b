import Foundation
import KanbanCore

extension KanbanEngine {
    /// Card `reference` (its id or a unique prefix) of board `boardName` with everything it
    /// carries, as things stand at `now`.
    public func cardDetail(board boardName: String, card reference: String, now: Timestamp = .now(), timeZone: TimeZone = .current) throws -> CardDetailView {
        try withState { state in
            guard let board = state.board(named: boardName) else { throw KanbanError.unknownBoard(boardName) }
            let card = try state.card(matching: reference, on: board)
            let isOverdue = state.isOverdue(card, now: now, today: now.day(in: timeZone))
            return CardDetailView(
                card: card, column: state.columns[card.column]?.name ?? "", isOverdue: isOverdue,
                details: state.details(of: card.id), boardLabels: state.details(ofBoard: board.id).labels
            )
        }
    }
}
