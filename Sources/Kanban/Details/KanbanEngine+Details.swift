import Foundation
import KanbanCore

extension KanbanEngine {
    /// Card `reference` (its id or a unique prefix) of board `boardName` with everything it
    /// carries, as things stand at `now`.
    public func cardDetail(board boardName: String, card reference: String, now: Timestamp = .now(), timeZone: TimeZone = .current) throws -> CardDetailView {
        try withState { state in try state.cardDetailView(board: boardName, card: reference, now: now, timeZone: timeZone) }
    }
}
