import Foundation
import Kanban
import KanbanCore

/// Words events for output, with the live board's column names.
struct Wording {
    let wording: ActionWording
    let columnNames: [ColumnID: String]

    init(engine: KanbanEngine, language: HistoryLanguage) throws {
        wording = ActionWording(language: language)
        columnNames = try engine.withState { $0.columns.mapValues(\.name) }
    }

    func line(for event: RecordedEvent) -> String {
        wording.line(for: event.payload) { columnNames[$0] ?? "?" }
    }

    func imperative(for event: RecordedEvent) -> String {
        wording.imperative(for: event.payload) { columnNames[$0] ?? "?" }
    }

    /// A dropped entry in words, with why it was dropped: "Add 'X' — card 'X' no longer exists".
    func notice(for drop: DroppedEntry) -> String {
        "\(imperative(for: drop.event)) — \(drop.reason)"
    }
}
