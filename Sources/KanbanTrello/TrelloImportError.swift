import Foundation
import Kanban

/// Why a Trello export was not imported. Nothing is appended in any of these cases.
public enum TrelloImportError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The file is not a Trello board export, or a value in it is not what Trello writes.
    case malformed(String)
    /// The board's name is taken; `--board` gives another.
    case boardExists(String)
    /// An action could not be replayed (a bug of the import; the action is named).
    case unreplayable(action: String, reason: String)

    public var description: String {
        switch self {
        case .malformed(let what): "not a Trello board export: \(what)"
        case .boardExists(let name): "a board named '\(name)' exists already; give the imported board another name with --board NAME"
        case .unreplayable(let action, let reason): "Trello action \(action) cannot be replayed: \(reason)"
        }
    }

    public var errorDescription: String? { description }
}
