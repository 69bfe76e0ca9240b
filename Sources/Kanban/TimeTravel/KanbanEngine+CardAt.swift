import Foundation
import KanbanCore

extension KanbanEngine {
    func cardDetail(board boardName: String, card reference: String, at point: PointInTime, timeZone: TimeZone = .current) throws -> CardDetailView {
        let backdated = try self.store.existingBackdatedRanges()
        let (past, moment) = try read { transaction in
            let current = try boardsNow(in: transaction).board(named: boardName)
            let sequence = try sequence(of: point, board: current?.id, backdated: backdated, in: transaction)
            let (past, timestamp) = try state(atSequence: sequence, cardsOf: current?.id, in: transaction)
            return (past, try point.moment ?? validTime(ofEvent: sequence, fallback: timestamp, in: transaction))
        }
        // The board by its id now (a renamed board keeps its history), else by its name then.
        let name = try read { transaction in try boardsNow(in: transaction).board(named: boardName) }.flatMap { past.boards[$0.id]?.name } ?? boardName
        return try past.cardDetailView(board: name, card: reference, now: moment, timeZone: timeZone)
    }
}
