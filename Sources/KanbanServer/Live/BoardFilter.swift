import Kanban
import KanbanCore
import Synchronization

/// Which events a live stream sends: all, or one board's (found by its name when the stream
/// opens, followed by id through renames). The default board of a log that has none yet is
/// adopted when it is made.
final class BoardFilter: Sendable {
    private let name: String?
    private let board: Mutex<BoardID?>

    /// A filter for board `name` (`nil`: every board). Throws 404 for a board that does not exist.
    init(name: String?, engine: KanbanEngine) throws {
        self.name = name
        guard let name else {
            board = Mutex(nil)
            return
        }
        let found: BoardID?? = try engine.withState { state in
            if DefaultBoard.isPending(name, in: state) { return .some(nil) }
            return state.board(named: name).map { .some($0.id) } ?? nil
        }
        guard let found else { throw KanbanError.unknownBoard(name) }
        board = Mutex(found)
    }

    /// Whether `event` goes out.
    func admits(_ event: RecordedEvent) -> Bool {
        guard name != nil else { return true }
        return board.withLock { board in
            if board == nil, case .boardCreated(let created) = event.payload, created.name == name { board = event.board }
            return board == event.board
        }
    }
}
