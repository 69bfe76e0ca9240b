import Foundation
import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// Board `name` now, laid out from its own cards alone — the newest snapshot's cards of that
    /// board plus the events after it — and kept nowhere: for a short-lived process
    /// (``EngineOptions/isShortLived``) whose engine has not built its state. `nil` when the
    /// state is built (it serves the read) or there is no board of that name (the whole state's
    /// path gives the answer: the default board still to be made, or the refusal).
    func boardViewOfOneBoard(named name: String, now: Timestamp, timeZone: TimeZone) throws -> BoardView? {
        let isBuilt = try withReadCore { $0.state.lastSequence > 0 && !$0.isDirty }
        guard !isBuilt else { return nil }
        return try read { transaction in
            guard let id = try boardsNow(in: transaction).board(named: name)?.id else { return nil }
            var core = EngineCore()
            // Laid out once: no column orders (`view(of:)` sorts each column in one pass).
            try catchUp(&core, in: transaction, cardsOf: id)
            guard let board = core.state.boards[id] else { return nil }
            // Kept nowhere: its cards move into the view.
            let state = (consume core).state
            return state.takeView(of: board, now: now, today: now.day(in: timeZone))
        }
    }
}
