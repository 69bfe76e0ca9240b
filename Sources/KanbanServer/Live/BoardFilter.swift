import Kanban
import KanbanCore
import Synchronization

/// Which events a live stream sends: all, or one board's (found by its name when the stream
/// opens, followed by id through renames), and of those only the boards its reader may read
/// now. The default board of a log that has none yet is adopted when it is made.
final class BoardFilter: Sendable {
    private let name: String?
    private let board: Mutex<BoardID?>
    private let engine: KanbanEngine
    /// Who reads, or `nil` for a server administrator (every board).
    private let reader: Principal?
    /// The boards `reader` may read, as of the last event that could change it; `nil` until asked.
    private let readable = Mutex<Set<BoardID>?>(nil)

    /// A filter for board `name` (`nil`: every board) read by `principal`. Throws 404 for a
    /// board that does not exist, or that `principal` may not read.
    init(name: String?, engine: KanbanEngine, principal: Principal = .administrator("")) throws {
        self.name = name
        self.engine = engine
        reader = principal.isAdministrator ? nil : principal
        guard let name else {
            board = Mutex(nil)
            return
        }
        let found: BoardID?? = try engine.withState { state in
            if DefaultBoard.isPending(name, in: state) { return .some(nil) }
            guard let board = state.board(named: name), state.mayRead(board.id, as: principal) else { return nil }
            return .some(board.id)
        }
        guard let found else { throw KanbanError.unknownBoard(name) }
        board = Mutex(found)
    }

    /// Whether `event` goes out.
    func admits(_ event: RecordedEvent) -> Bool {
        if name != nil {
            let same = board.withLock { board in
                if board == nil, case .boardCreated(let created) = event.payload, created.name == name { board = event.board }
                return board == event.board
            }
            guard same else { return false }
        }
        guard let reader else { return true }
        if Self.mayChangeAccess(event.payload) { readable.withLock { $0 = nil } }
        return readable.withLock { readable in
            if readable == nil {
                readable = try? engine.withState { Set($0.readableBoards(as: reader)) }
            }
            return readable?.contains(event.board) ?? false
        }
    }

    /// Whether `payload` may change who reads which board.
    private static func mayChangeAccess(_ payload: EventPayload) -> Bool {
        switch payload {
        case .boardCreated, .boardRemoved, .undone, .redone, .restored: true
        case .boardDetail(let changed):
            switch changed.edit {
            case .memberAdded, .memberRemoved, .memberRoleChanged, .visibilityChanged: true
            case .labelChanged, .columnLimited: false
            }
        default: false
        }
    }
}
