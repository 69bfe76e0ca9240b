import Foundation
import KanbanCore

/// Appending many events at once through the writer's one batch door: an exported log, a page of
/// one continuing this log, or a generated workload. Reached as ``KanbanEngine/importer``.
public struct EngineImporter: Sendable {
    /// Runs `body` in one write transaction on the write side, with a ``BatchAppend`` to decide
    /// and append through: everything it appends is kept when it returns, nothing when it
    /// throws. The door every importer (logs, Trello, the workload generator) takes; commands
    /// go through ``KanbanEngine/execute(_:actor:at:)`` and its writer thread.
    public func batch<Result>(_ body: (inout BatchAppend) throws -> Result) throws -> Result {
        try engine.appendBatch(body)
    }

    /// The engine whose log this reads and writes.
    package let engine: KanbanEngine

    /// Reproduces an exported log (`kanban export --format jsonl`, ``ExportedEventOutput`` per
    /// line) in this database, which must hold no events: the same events under the same
    /// sequence numbers, stored as the very bytes of each line's `raw` — so the same Merkle
    /// leaves and root. Returns the number of events appended. Events that happened before they
    /// were appended (format version 3) get their ranges back in ``BackdatedRanges``: each run of
    /// one board's such events, one after another, is one range.
    ///
    /// Every line is checked before anything is kept: it is an exported event; its sequence
    /// number follows the previous line's (from 1: no gap, nothing reordered, so an export
    /// filtered with a board or dates cannot be imported); `raw` is base64 of bytes that decode
    /// to exactly the event the line's other keys describe, and `leaf` is their hash; its
    /// timestamp is not before the previous one's. Blank lines are passed over. All of it is one
    /// write transaction: the first bad line throws ``LogImportError/badLine(line:reason:)``,
    /// naming it, and nothing is appended; a database with events throws
    /// ``LogImportError/databaseNotEmpty(events:)``.
    ///
    /// `lines` calls its argument with each line's number (from 1) and bytes, in order; it may
    /// be called more than once (the write starts again when the map has to grow) and must give
    /// the same lines each time, as ``JSONLinesFile/forEachLine(_:)`` does. `progress`, when
    /// given, hears the number of events appended so far now and then, and at the end.
    @discardableResult
    public func log(
        lines: (_ each: (Int, ArraySlice<UInt8>) throws -> Void) throws -> Void,
        progress: ((Int) -> Void)? = nil
    ) throws -> Int {
        try engine.importLog(lines: lines, progress: progress)
    }

    /// Appends exported lines that continue this log exactly — a page of `GET /api/export`
    /// after the replica's last event: the first line's sequence number is one more than the
    /// log's last, each next one follows, and every line passes the checks
    /// ``log(lines:progress:)`` makes (the very bytes of `raw`, decoding to the event the
    /// line describes, hashing to `leaf`, time not going backwards from the log's last event).
    /// One write transaction: the first bad line throws ``LogImportError/badLine(line:reason:)``
    /// and nothing is appended. Returns the number of events appended. `lines` is called as
    /// ``log(lines:progress:)`` says.
    @discardableResult
    public func appendExported(lines: (_ each: (Int, ArraySlice<UInt8>) throws -> Void) throws -> Void) throws -> Int {
        try engine.appendExported(lines: lines)
    }

    /// Appends the standard workload (described in `Benchmarks/README.md`): `events` events from
    /// `seed`, spread
    /// over `boards` boards, `batchSize` events to a write transaction. Returns the events
    /// appended (a command's last batch may run a few past `events` when it decides several).
    @discardableResult
    public func generate(events total: Int, seed: UInt64 = 1, boards: Int = 1, batchSize: Int = 10_000) throws -> ReplayReport {
        try engine.generate(events: total, seed: seed, boards: boards, batchSize: batchSize)
    }
}

extension KanbanEngine {
    /// Appending many events at once through the writer's one batch door: an exported log, a page
    /// of one continuing this log, or a generated workload.
    public var importer: EngineImporter { EngineImporter(engine: self) }
}
