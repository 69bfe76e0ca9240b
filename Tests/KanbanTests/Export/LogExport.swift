import Foundation
import Kanban
import KanbanCore

/// Helpers for export and import tests.
enum LogExport {
    /// The JSON Lines export of `engine`'s whole log, one string per line.
    static func lines(of engine: KanbanEngine, _ query: ExportQuery = ExportQuery()) throws -> [String] {
        var lines: [String] = []
        try engine.export.events(query) { lines.append(try line($0)) }
        return lines
    }

    /// The export line of `stored`.
    static func line(_ stored: StoredEvent) throws -> String {
        String(decoding: try OutputJSON.encode(ExportedEventOutput(stored: stored)), as: UTF8.self)
    }

    /// The stored bytes of every event of `engine`'s log, in order.
    static func storedBytes(of engine: KanbanEngine) throws -> [[UInt8]] {
        var values: [[UInt8]] = []
        try engine.export.events(ExportQuery()) { values.append($0.bytes) }
        return values
    }

    /// What ``KanbanEngine/importLog(lines:progress:)`` reads: `lines`, numbered from 1.
    static func feed(_ lines: [String]) -> ((Int, ArraySlice<UInt8>) throws -> Void) throws -> Void {
        { each in
            for (index, line) in lines.enumerated() { try each(index + 1, ArraySlice(line.utf8)) }
        }
    }

    /// The JSON object of `line`, to change a key.
    static func object(_ line: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
    }

    /// `object` as a line again.
    static func line(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }
}
