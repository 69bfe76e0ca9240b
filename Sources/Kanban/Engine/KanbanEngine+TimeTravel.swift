import Foundation
import KanbanCore
import LMDBStorage

extension KanbanEngine {
    /// Board `name` exactly as it was at `point`, laid out as ``boardView(named:now:timeZone:)``
    /// does; overdue as of that moment. `name` is the board's name now (so a board renamed since
    /// is still found, as `restore` finds it); a board removed since is found by its name then.
    public func boardView(named name: String, at point: PointInTime, timeZone: TimeZone = .current) throws -> BoardView {
        let sequence = try sequence(of: point)
        let (past, timestamp) = try state(atSequence: sequence)
        let moment = if case .moment(let moment) = point { moment } else { timestamp }
        if past.boardsCreated == 0 && name.lowercased() == Board.defaultName { return KanbanState.emptyDefaultBoard }
        let current = try withState { $0.board(named: name) }
        let board = current.map { past.boards[$0.id] } ?? past.board(named: name)
        guard let board else { throw KanbanError.unknownBoard(name) }
        return past.view(of: board, now: moment, today: moment.day(in: timeZone))
    }

    /// How board `name` (as named now) changed from `from` to `to` (default: now).
    public func diff(board name: String, from: PointInTime, to: PointInTime? = nil) throws -> BoardDiff {
        let (before, _) = try state(atSequence: try sequence(of: from))
        let after = try to.map { try state(atSequence: try sequence(of: $0)).state } ?? withState { $0 }
        guard let board = after.board(named: name) ?? before.board(named: name) else { throw KanbanError.unknownBoard(name) }
        return BoardDiff(board: board.id, from: before, to: after)
    }

    /// Appends the one event that makes board `name` as it was at `point` (see
    /// ``Decider/restore(board:to:sequence:timestamp:in:)``); the log keeps everything, and one
    /// undo reverses it. Returns `[]` when the board is as it was already.
    @discardableResult
    public func restore(board name: String, to point: PointInTime, actor: String) throws -> [RecordedEvent] {
        let actor = try Self.checkedActor(actor)
        let sequence = try sequence(of: point)
        return try withCore { core in
            try writeAndApply(&core) { core, transaction in
                core.state.buildOrderIndex()
                let (past, timestamp) = try state(atSequence: sequence, in: transaction)
                guard let decided = try Decider.restore(board: name, to: past, sequence: sequence, timestamp: timestamp, in: core.state) else {
                    return []
                }
                return try append([decided], actor: actor, to: &core, in: transaction)
            }
        }
    }
}
