import Foundation
import KanbanCore

/// What happened on the boards, read from the log: history lines, flow metrics, deleted cards, what
/// an undo would do, and the index that makes a card's history fast. Reached as
/// ``KanbanEngine/history``.
public struct EngineHistory: Sendable {
    /// The engine whose log this reads and writes.
    package let engine: KanbanEngine

    /// The history entries `query` asks for, in log order: a fold over the whole log, so lines
    /// show column names as they were and deleted cards keep their trail.
    public func entries(_ query: HistoryQuery) throws -> [HistoryEntry] {
        try engine.history(query)
    }

    /// The flow metrics of board `name` (``KanbanCore/FlowReport``), folded from the log in one
    /// read transaction and one pass (``KanbanCore/FlowBuilder``): days in `timeZone` from the
    /// board's first (or `since`'s) to `until` (default: now), the cards that first arrived in
    /// its last column from `since` on, their lead and cycle times, throughput per week and the
    /// cards in each column at the end, all by when things happened (an imported history counts
    /// on its own dates). Events that happened after `until` are left out: the report is as of
    /// then. Only the board's own events are decoded, and of their card events only what the
    /// flow needs (``KanbanCore/FlowBuilder/consume(encoded:sequence:)``).
    ///
    /// On a log with no board yet, `main` gives the empty report of the board it will be.
    public func flow(
        board name: String,
        since: Timestamp? = nil,
        until: Timestamp? = nil,
        timeZone: TimeZone = .current,
        now: Timestamp = .now()
    ) throws -> FlowReport {
        try engine.flow(board: name, since: since, until: until, timeZone: timeZone, now: now)
    }

    /// The cards deleted from board `board` and not brought back since, newest deletion first,
    /// at most `limit` of them: each as it was, with where it stood, and the sequence number,
    /// time and actor of its deletion. Reads the log backwards, decoding only the events of cards
    /// that are not live (and restores, which name no single card). With `before`, only
    /// deletions before that event: the next page after one whose last deletion was `before`
    /// (a card deleted again later stays on the page of its newest deletion).
    public func deletedCards(board: String, limit: Int? = nil, before: UInt64? = nil) throws -> [DeletedCard] {
        try engine.deletedCards(board: board, limit: limit, before: before)
    }

    /// What undo and redo would reverse next for `actor`, and what they would drop on the way.
    public func undoPreview(actor: String) throws -> UndoPreview {
        try engine.undoPreview(actor: actor)
    }

    /// For wording `events`: the names of the columns they place cards in that are gone now, as
    /// they were when removed (empty, without reading the log, when every such column is live).
    public func removedColumnNames(for events: [RecordedEvent]) throws -> RemovedColumnNames {
        try engine.removedColumnNames(for: events)
    }

    /// Indexes the events the history index lacks (a log written before the index existed, or
    /// by an older program) in transactions of 100,000 events, telling `progress` how far it
    /// got. Returns the number of events indexed.
    @discardableResult
    public func catchUpIndex(progress: (_ done: UInt64, _ total: UInt64) -> Void = { _, _ in }) throws -> UInt64 {
        try engine.catchUpHistoryIndex(progress: progress)
    }

    /// How many events the history index lags behind the log.
    public func indexLag() throws -> UInt64 {
        try engine.historyIndexLag()
    }
}

extension KanbanEngine {
    /// What happened on the boards, read from the log: history lines, flow metrics, deleted cards,
    /// what an undo would do, and the index that makes a card's history fast.
    public var history: EngineHistory { EngineHistory(engine: self) }
}
