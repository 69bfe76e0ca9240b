import Foundation
import Kanban
import KanbanCore

/// Words events for output (undo previews, refusals, notices), with the live board's column names, and for columns removed since,
/// the names they had when removed.
public struct EventWording: Sendable {
    private let wording: ActionWording
    private let columnNames: [ColumnID: String]
    private let removedNames: RemovedColumnNames

    /// Words `events` (the ones to be worded; the log is read for removed columns' names only
    /// when they place cards in a column that is gone).
    public init(engine: KanbanEngine, language: HistoryLanguage, events: [RecordedEvent] = []) throws {
        wording = ActionWording(language: language)
        columnNames = try engine.withState { $0.columns.mapValues(\.name) }
        removedNames = try engine.history.removedColumnNames(for: events)
    }

    public func line(for event: RecordedEvent) -> String {
        wording.line(for: event.payload, columnName: name)
    }

    /// What reversing or redoing it does, as an order: "Move 'X' from TODO to DOING".
    public func imperative(for event: RecordedEvent) -> String {
        wording.imperative(for: event.payload, columnName: name)
    }

    private func name(_ column: ColumnID) -> String {
        columnNames[column] ?? removedNames[column] ?? "?"
    }

    /// A dropped entry in words, with why it was dropped: "Add 'X' — card 'X' no longer exists".
    public func notice(for drop: DroppedEntry) -> String {
        "\(imperative(for: drop.event)) — \(drop.reason)"
    }
}
