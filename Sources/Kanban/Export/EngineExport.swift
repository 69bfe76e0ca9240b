import Foundation
import KanbanCore

/// The log as data: every event exactly as stored (for `kanban export` and replicas) and history
/// rows, streamed. Reached as ``KanbanEngine/export``.
public struct EngineExport: Sendable {
    /// The engine whose log this reads and writes.
    package let engine: KanbanEngine

    /// Calls `body` with every event `query` takes, in log order, decoded and with its stored
    /// bytes: the log as it was when the export began (events appended meanwhile are left out).
    /// An event that does not decode throws
    /// ``KanbanCore/KanbanError/corruptEvent(sequence:reason:)``;
    /// an unknown board ``KanbanCore/KanbanError/unknownBoard(_:)``.
    public func events(_ query: ExportQuery, _ body: (StoredEvent) throws -> Void) throws {
        try engine.exportEvents(query, body)
    }

    /// Calls `body` with the history row of every event `query` takes, in log order, its line
    /// in `language`: the history view, for every board unless the query names one, with each
    /// row's board name and card title as they were then. Reads the log as
    /// ``exportEvents(_:_:)`` does, keeping no more than a page and the names of boards and
    /// columns in memory.
    public func history(_ query: ExportQuery, language: HistoryLanguage, _ body: (HistoryRow) throws -> Void) throws {
        try engine.exportHistory(query, language: language, body)
    }

    /// The events after `sequence`, at most `limit` of them, decoded and with their stored
    /// bytes: one page of the log as `kanban export --format jsonl` writes it
    /// (``ExportedEventOutput/init(stored:)``), read in one short read transaction. What a
    /// replica pulls (`GET /api/export`) and appends with ``appendExported(lines:)``.
    /// An event that does not decode throws
    /// ``KanbanCore/KanbanError/corruptEvent(sequence:reason:)``.
    public func storedEvents(after sequence: UInt64, limit: Int) throws -> [StoredEvent] {
        try engine.storedEvents(after: sequence, limit: limit)
    }
}

extension KanbanEngine {
    /// The log as data: every event exactly as stored (for `kanban export` and replicas) and
    /// history rows, streamed.
    public var export: EngineExport { EngineExport(engine: self) }
}
