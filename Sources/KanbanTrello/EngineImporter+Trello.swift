import Foundation
import Kanban

extension EngineImporter {
    /// Imports a Trello board export (its JSON bytes) as a new board with its history: each
    /// replayed Trello action becomes our events, under the Trello member who made it, appended
    /// now (transaction time) and stamped with Trello's date as the time it happened (valid time,
    /// ``KanbanCore/RecordedEvent/happenedAt``). ``TrelloPlan`` says how.
    ///
    /// The board is named `name`, else after the Trello board; a name in use throws
    /// ``TrelloImportError/boardExists(_:)``. The same export imported again (its board's and
    /// actions' ids remembered with a board that still exists) appends nothing and reports
    /// `alreadyImported`. Everything is one write transaction: a malformed export or a step that
    /// cannot be replayed throws, and nothing is appended. `progress` hears the steps done and
    /// the steps in all, now and then.
    public func trello(_ data: Data, board name: String? = nil, progress: ((Int, Int) -> Void)? = nil) throws -> TrelloImportReport {
        try engine.importTrello(data, board: name, progress: progress)
    }
}
