import LMDBStorage

/// Why the engine could not read or write its database: a storage failure, not a rejected
/// command (those are ``KanbanCore/KanbanError``). Each case keeps the storage library's own
/// code and message (``StorageFailure``) for the log.
///
/// For example:
///
/// ```swift
/// do { try engine.execute(.addCard(board: "main", title: "Plan"), actor: "ana") }
/// catch let error as EngineError { print("kanban: \(error)") }
/// ```
public enum EngineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The directory is not a database this engine can open (not an LMDB environment, or one
    /// made by an incompatible version of the library).
    case notADatabase(path: String, StorageFailure)
    /// The disk (or the file system's quota) is full; the transaction was rolled back whole.
    case diskFull(StorageFailure)
    /// The database file is damaged below the level of events (a page of the B-tree).
    case corruptDatabase(StorageFailure)
    /// Too many processes and threads have the database open at once.
    case tooManyReaders(StorageFailure)
    /// Any other failure of the storage library or the operating system.
    case storage(StorageFailure)

    /// The failure underneath.
    public var failure: StorageFailure {
        switch self {
        case .notADatabase(_, let failure), .diskFull(let failure), .corruptDatabase(let failure),
             .tooManyReaders(let failure), .storage(let failure):
            failure
        }
    }

    public var description: String {
        switch self {
        case .notADatabase(let path, let failure):
            "'\(path)' is not a kanban database (an LMDB environment directory): \(failure)"
        case .diskFull(let failure):
            "the disk is full; the transaction was rolled back and nothing of it was appended: \(failure)"
        case .corruptDatabase(let failure):
            "the database file is damaged: \(failure)"
        case .tooManyReaders(let failure):
            "too many processes have the database open: \(failure)"
        case .storage(let failure):
            "database error: \(failure)"
        }
    }

    /// The engine error for a storage error; `path` names the database.
    package static func from(_ error: LMDBError, path: String) -> EngineError {
        let failure = StorageFailure(code: error.code, operation: error.operation, message: error.message)
        switch error.code {
        case LMDBError.invalid.code, LMDBError.versionMismatch.code: return .notADatabase(path: path, failure)
        case LMDBError.noSpace.code, LMDBError.ioError.code, LMDBError.mapFull.code: return .diskFull(failure)
        case LMDBError.corrupted.code, LMDBError.pageNotFound.code: return .corruptDatabase(failure)
        case LMDBError.readersFull.code: return .tooManyReaders(failure)
        default: return .storage(failure)
        }
    }
}

extension EngineError {
    /// The engine error for a failure to open the database at `path`: a path that is not a
    /// directory, or a directory of something else, is not a database.
    static func opening(_ error: LMDBError, path: String) -> EngineError {
        let notADirectory: Int32 = 20 // ENOTDIR
        guard error.code == notADirectory else { return from(error, path: path) }
        return .notADatabase(path: path, StorageFailure(code: error.code, operation: error.operation, message: error.message))
    }
}
