import Foundation
import KanbanCore
import LMDBStorage

extension KanbanEngine {
    func boardView(named name: String, at point: PointInTime, timeZone: TimeZone = .current) throws -> BoardView {
        guard let (past, board, moment) = try pastBoard(named: name, at: point) else { return DefaultBoard.placeholderView }
        // Read only to be laid out: its cards move into the view.
        return (consume past).takeView(of: board, now: moment, today: moment.day(in: timeZone))
    }

    func withBoardLaidOut<Result>(
        named name: String, at point: PointInTime, timeZone: TimeZone = .current,
        keep: (consuming KanbanState) -> Void = { _ in },
        _ body: (LaidOutBoard) throws -> Result
    ) throws -> Result? {
        guard let (past, board, moment) = try pastBoard(named: name, at: point) else { return nil }
        return try (consume past).withLaidOut(board, now: moment, today: moment.day(in: timeZone), keep: keep, body)
    }

    /// The state at `point`, read to lay board `name` out once, that board as it was then, and
    /// the moment it is read as of (for overdue marks); `nil` when `name` is the default board
    /// not made yet.
    private func pastBoard(named name: String, at point: PointInTime) throws -> (state: KanbanState, board: Board, moment: Timestamp)? {
        let backdated = try self.store.existingBackdatedRanges()
        let (current, past, moment) = try read { transaction in
            // The board's id now, from the boards and columns alone: a process that only looks
            // at the past never decodes the present's cards.
            let current = try boardsNow(in: transaction).board(named: name)
            let sequence = try sequence(of: point, board: current?.id, backdated: backdated, in: transaction)
            // Only this board's cards are decoded from the snapshot when it is known by its id;
            // laid out once, the state needs no column orders.
            let (past, timestamp) = try state(atSequence: sequence, cardsOf: current?.id, indexed: false, in: transaction)
            let moment = try point.moment ?? validTime(ofEvent: sequence, fallback: timestamp, in: transaction)
            return (current, past, moment)
        }
        if DefaultBoard.isPending(name, in: past) { return nil }
        let board = current.map { past.boards[$0.id] } ?? past.board(named: name)
        guard let board else { throw KanbanError.unknownBoard(name) }
        return (past, board, moment)
    }

    func boardReading(named name: String, at point: PointInTime? = nil, now: Timestamp = .now(), timeZone: TimeZone = .current) throws -> BoardReading {
        guard let point else {
            return try withState { state in
                if DefaultBoard.isPending(name, in: state) { return BoardReading(view: DefaultBoard.placeholderView, sequence: state.lastSequence) }
                guard let board = state.board(named: name) else { throw KanbanError.unknownBoard(name) }
                return BoardReading(view: state.view(of: board, now: now, today: now.day(in: timeZone)), sequence: state.lastSequence)
            }
        }
        let sequence = try sequence(of: point, board: try boardID(named: name))
        return BoardReading(view: try boardView(named: name, at: .sequence(sequence), timeZone: timeZone), sequence: sequence)
    }

    func diff(board name: String, from: PointInTime, to: PointInTime? = nil) throws -> BoardDiff {
        let id = try boardID(named: name)
        func past(_ point: PointInTime) throws -> KanbanState {
            let sequence = try sequence(of: point, board: id)
            return try read { transaction in try state(atSequence: sequence, cardsOf: id, in: transaction).state }
        }
        let before = try past(from)
        let after = try to.map(past) ?? withState { $0 }
        // The board named so now, by its id (it may have had another name then); else one
        // named so at either moment (a board removed since).
        guard let board = id ?? after.board(named: name)?.id ?? before.board(named: name)?.id else { throw KanbanError.unknownBoard(name) }
        return BoardDiff(board: board, from: before, to: after)
    }
}
