import CLMDB

/// An error reported by LMDB, carrying its result code and message.
///
/// Match a specific code with a pattern, for example:
///
/// ```swift
/// do { try txn.put(value, forKey: key, in: db, flags: .append) }
/// catch LMDBError.keyExists { … }
/// ```
public struct LMDBError: Error, Equatable, Sendable, CustomStringConvertible {
    /// LMDB's result code (`MDB_…` or an `errno` value).
    public let code: Int32
    /// The LMDB call that failed, such as `mdb_put`.
    public let operation: String

    init(code: Int32, operation: String) {
        self.code = code
        self.operation = operation
    }

    /// LMDB's own text for the code (`mdb_strerror`).
    public var message: String { String(cString: mdb_strerror(code)) }

    public var description: String { "\(operation): \(message) (\(code))" }

    public static func == (lhs: LMDBError, rhs: LMDBError) -> Bool { lhs.code == rhs.code }

    /// Lets `catch LMDBError.mapFull` match any error with that code.
    public static func ~= (pattern: LMDBError, value: any Error) -> Bool {
        (value as? LMDBError)?.code == pattern.code
    }

    private static func code(_ code: Int32) -> LMDBError { LMDBError(code: code, operation: "") }

    /// The key/data pair already exists, or `MDB_APPEND` was given a key out of order.
    public static let keyExists = code(MDB_KEYEXIST)
    /// The key was not found.
    public static let notFound = code(MDB_NOTFOUND)
    /// The environment's map size is reached.
    public static let mapFull = code(MDB_MAP_FULL)
    /// Another process grew the map beyond this environment's map size.
    public static let mapResized = code(MDB_MAP_RESIZED)
    /// The file is not an LMDB file, or its version does not match.
    public static let invalid = code(MDB_INVALID)
    /// The environment's version does not match the library's.
    public static let versionMismatch = code(MDB_VERSION_MISMATCH)
    /// The environment has no room for another named database (`maxDatabases`).
    public static let databasesFull = code(MDB_DBS_FULL)
    /// The reader lock table is full.
    public static let readersFull = code(MDB_READERS_FULL)
    /// The located page was the wrong type: the file is damaged.
    public static let corrupted = code(MDB_CORRUPTED)
    /// A page the B-tree points at is missing: the file is damaged.
    public static let pageNotFound = code(MDB_PAGE_NOTFOUND)
    /// No space is left on the device.
    public static let noSpace = code(28) // ENOSPC
    /// A read or write failed; LMDB also reports a short write (a full disk) this way.
    public static let ioError = code(5) // EIO
}

/// Throws an `LMDBError` unless `code` is `MDB_SUCCESS`.
@inline(__always)
func check(_ code: Int32, _ operation: @autoclosure () -> String) throws(LMDBError) {
    if code != MDB_SUCCESS { throw LMDBError(code: code, operation: operation()) }
}
