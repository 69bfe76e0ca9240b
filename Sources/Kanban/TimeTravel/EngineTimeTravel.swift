import Foundation
import KanbanCore

/// Reads of the past ("as of" a moment, an event or a day): a board, a card, the difference between
/// two moments, the state after any event, and which event a moment names. Reached as
/// ``KanbanEngine/timeTravel``.
public struct EngineTimeTravel: Sendable {
    /// The engine whose log this reads and writes.
    package let engine: KanbanEngine

    /// The state exactly as it was after event `sequence` (the whole log when past its end),
    /// and the timestamp of that event: the newest valid snapshot at or before it plus the
    /// events up to it.
    public func state(atSequence sequence: UInt64) throws -> (state: KanbanState, timestamp: Timestamp) {
        try engine.state(atSequence: sequence)
    }

    /// The sequence number `point` stands for: checked against the log, or found by time.
    public func sequence(of point: PointInTime) throws -> UInt64 {
        try engine.sequence(of: point)
    }

    /// The last event at or before `moment` (0 when the log starts after it). Timestamps never
    /// go backwards in the log, so this is a binary search over sequence numbers.
    public func sequence(atOrBefore moment: Timestamp) throws -> UInt64 {
        try engine.sequence(atOrBefore: moment)
    }

    /// The sequence number `point` stands for when board `board` is looked at: as
    /// ``sequence(of:)``, except that a moment also counts the board's events by when they
    /// happened. For `.moment(T)`, the last event appended at or before `T`, or, when later, the
    /// last event of a backdated range of `board` (an imported history) that happened at or
    /// before `T`. With no board (`nil`) or no backdated range, as ``sequence(of:)``.
    public func sequence(of point: PointInTime, board: BoardID?) throws -> UInt64 {
        try engine.sequence(of: point, board: board)
    }

    /// Board `name` exactly as it was at `point`, laid out as ``boardView(named:now:timeZone:)``
    /// does; overdue as of that moment. `name` is the board's name now (so a board renamed since
    /// is still found, as `restore` finds it); a board removed since is found by its name then.
    ///
    /// A moment counts the board's events by when they happened (``sequence(of:board:)``): an
    /// imported history shows as it stood at that moment of its past.
    public func boardView(named name: String, at point: PointInTime, timeZone: TimeZone = .current) throws -> BoardView {
        try engine.boardView(named: name, at: point, timeZone: timeZone)
    }

    /// Calls `body` with board `name` as it was at `point`, laid out where its cards lie (the
    /// columns, cards and overdue marks of ``boardView(named:at:timeZone:)``, without the view's
    /// copy of the cards), and returns what it returns; `nil`, without calling it, when `name` is
    /// the default board not made yet (its view is ``KanbanCore/DefaultBoard/placeholderView``).
    /// The state read is handed to `keep` afterwards (by default, freed).
    public func withBoardLaidOut<Result>(
        named name: String, at point: PointInTime, timeZone: TimeZone = .current,
        keep: (consuming KanbanState) -> Void = { _ in },
        _ body: (LaidOutBoard) throws -> Result
    ) throws -> Result? {
        try engine.withBoardLaidOut(named: name, at: point, timeZone: timeZone, keep: keep, body)
    }

    /// Board `name` now (`point` `nil`) or as it was at `point`, with the sequence number of the
    /// last event it reflects.
    public func boardReading(named name: String, at point: PointInTime? = nil, now: Timestamp = .now(), timeZone: TimeZone = .current) throws -> BoardReading {
        try engine.boardReading(named: name, at: point, now: now, timeZone: timeZone)
    }

    /// How board `name` (as named now) changed from `from` to `to` (default: now). Moments count
    /// the board's events by when they happened, as ``boardView(named:at:timeZone:)`` does.
    public func diff(board name: String, from: PointInTime, to: PointInTime? = nil) throws -> BoardDiff {
        try engine.diff(board: name, from: from, to: to)
    }

    /// Card `reference` (its id or a unique prefix, among the board's cards of that moment) of
    /// board `boardName` with everything it carried at `point`: its column, texts, assignees,
    /// labels, checklist, comments and links as they were then; overdue as of that moment. A card
    /// not on the board then (not added yet, or deleted) is unknown.
    public func cardDetail(board boardName: String, card reference: String, at point: PointInTime, timeZone: TimeZone = .current) throws -> CardDetailView {
        try engine.cardDetail(board: boardName, card: reference, at: point, timeZone: timeZone)
    }
}

extension KanbanEngine {
    /// Reads of the past ("as of" a moment, an event or a day): a board, a card, the difference
    /// between two moments, the state after any event, and which event a moment names.
    public var timeTravel: EngineTimeTravel { EngineTimeTravel(engine: self) }
}
