import Foundation

/// Why `kanban import` (``EngineImporter/log(lines:progress:)``) appended nothing.
public enum LogImportError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The database already holds events: an import only reproduces a log into an empty one.
    case databaseNotEmpty(events: Int)
    /// Line `line` of the export is not the event that belongs there; `reason` says what is wrong.
    case badLine(line: Int, reason: String)
    /// The file could not be read.
    case unreadableFile(path: String, reason: String)

    public var description: String {
        switch self {
        case .databaseNotEmpty(let events):
            "the database already holds \(events) event\(events == 1 ? "" : "s"); import only into an empty database (a new --db directory)"
        case .badLine(let line, let reason):
            "line \(line): \(reason)"
        case .unreadableFile(let path, let reason):
            "cannot read \(path): \(reason)"
        }
    }

    public var errorDescription: String? { description }
}
