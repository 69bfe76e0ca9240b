import CLMDB
import Foundation
import Synchronization

/// An LMDB environment: one directory holding `data.mdb` and `lock.mdb`, with named databases.
///
/// An environment is opened once per process and shared (``open(path:options:)`` returns the
/// same instance for the same directory), because LMDB forbids opening one environment twice
/// in a process. It is opened with `MDB_NOTLS`, so read transactions may run on any thread;
/// stale reader slots left by killed processes are cleared at open (`mdb_reader_check`).
///
/// For example:
///
/// ```swift
/// let environment = try Environment.open(path: "kanban.db")
/// let events = try environment.database(named: "events")
/// let count = try environment.read { try $0.statistics(of: events).entries }
/// ```
public final class Environment: @unchecked Sendable {
    // @unchecked: the handle is used under LMDB's own locking; map resizing, the only
    // operation LMDB leaves to the caller to serialize, runs under `gate`.
    private let handle: OpaquePointer
    private let gate = ReadWriteGate()
    private let databases = Mutex<[String: Database]>([:])

    /// The directory this environment lives in, resolved to an absolute path.
    public let path: String
    /// The options it was opened with.
    public let options: EnvironmentOptions

    private static let openEnvironments = Mutex<[String: WeakEnvironment]>([:])

    /// Opens (creating the directory when missing) the environment at `path`, or returns the
    /// one this process already has open there.
    public static func open(path: String, options: EnvironmentOptions = EnvironmentOptions()) throws -> Environment {
        let directory = try createDirectory(path)
        return try openEnvironments.withLock { environments in
            if let existing = environments[directory]?.environment { return existing }
            let environment = try Environment(directory: directory, options: options)
            environments[directory] = WeakEnvironment(environment: environment)
            return environment
        }
    }

    private init(directory: String, options: EnvironmentOptions) throws {
        var handle: OpaquePointer?
        try check(mdb_env_create(&handle), "mdb_env_create")
        do {
            try check(mdb_env_set_maxdbs(handle, MDB_dbi(options.maxDatabases)), "mdb_env_set_maxdbs")
            try check(mdb_env_set_maxreaders(handle, UInt32(options.maxReaders)), "mdb_env_set_maxreaders")
            try check(mdb_env_set_mapsize(handle, options.mapSize), "mdb_env_set_mapsize")
            var flags = UInt32(MDB_NOTLS)
            if options.durability == .noMetaSync { flags |= UInt32(MDB_NOMETASYNC) }
            try check(mdb_env_open(handle, directory, flags, 0o644), "mdb_env_open")
            var deadReaders: Int32 = 0
            try check(mdb_reader_check(handle, &deadReaders), "mdb_reader_check")
        } catch {
            // > mdb_env_close: … must be called to discard the MDB_env handle even if mdb_env_open failed.
            mdb_env_close(handle)
            throw error
        }
        self.handle = handle!
        self.path = directory
        self.options = options
    }

    deinit {
        mdb_env_close(handle)
    }

    private static func createDirectory(_ path: String) throws -> String {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            if !isDirectory.boolValue { throw LMDBError(code: ENOTDIR, operation: "open \(path)") }
        } else {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        return url.resolvingSymlinksInPath().standardizedFileURL.path
    }

    // MARK: Databases

    /// The named database `name`, created when missing.
    public func database(named name: String) throws -> Database {
        // > mdb_dbi_open: … must not be called from multiple concurrent transactions in the same process.
        try databases.withLock { databases in
            if let database = databases[name] { return database }
            let database = try openExisting(named: name) ?? write { transaction in
                var dbi: MDB_dbi = 0
                try check(mdb_dbi_open(transaction.handle, name, UInt32(MDB_CREATE), &dbi), "mdb_dbi_open \(name)")
                return Database(handle: dbi, name: name)
            }
            databases[name] = database
            return database
        }
    }

    /// The named database `name` when it exists, without creating it (so without a write
    /// transaction); `nil` when it does not exist yet.
    public func existingDatabase(named name: String) throws -> Database? {
        try databases.withLock { databases in
            if let database = databases[name] { return database }
            guard let database = try openExisting(named: name) else { return nil }
            databases[name] = database
            return database
        }
    }

    /// Opens an existing database in a read transaction, so opening never waits for the writer
    /// lock nor syncs. A read transaction must commit (not abort) to keep the handle.
    private func openExisting(named name: String) throws -> Database? {
        let transaction = try begin(flags: UInt32(MDB_RDONLY))
        defer { gate.unlock() }
        var dbi: MDB_dbi = 0
        let code = mdb_dbi_open(transaction, name, 0, &dbi)
        guard code == MDB_SUCCESS else {
            mdb_txn_abort(transaction)
            if code == MDB_NOTFOUND { return nil }
            throw LMDBError(code: code, operation: "mdb_dbi_open \(name)")
        }
        try check(mdb_txn_commit(transaction), "mdb_txn_commit")
        return Database(handle: dbi, name: name)
    }

    // MARK: Transactions

    /// Runs `body` in a read-only transaction. Values read are valid only inside `body`.
    public func read<Result>(_ body: (ReadTransaction) throws -> Result) throws -> Result {
        let transaction = try begin(flags: UInt32(MDB_RDONLY))
        defer {
            mdb_txn_abort(transaction)
            gate.unlock()
        }
        return try body(ReadTransaction(handle: transaction))
    }

    /// Runs `body` in a write transaction and commits it when `body` returns; throwing aborts.
    ///
    /// When the map is full, the transaction is aborted, the map doubles and `body` runs again
    /// from the start: `body` must not have effects outside the transaction that a second run
    /// would repeat. A write transaction stays on the calling thread: `body` is synchronous.
    public func write<Result>(_ body: (WriteTransaction) throws -> Result) throws -> Result {
        while true {
            let mapSize = currentMapSize()
            do {
                return try writeOnce(body)
            } catch LMDBError.mapFull {
                try grow(from: mapSize)
            }
        }
    }

    private func writeOnce<Result>(_ body: (WriteTransaction) throws -> Result) throws -> Result {
        let transaction = try begin(flags: 0)
        defer { gate.unlock() }
        let result: Result
        do {
            result = try body(WriteTransaction(handle: transaction))
        } catch {
            mdb_txn_abort(transaction)
            throw error
        }
        // mdb_txn_commit frees the transaction whether it succeeds or not.
        try check(mdb_txn_commit(transaction), "mdb_txn_commit")
        return result
    }

    /// Begins a transaction holding `gate` shared; the caller unlocks it after the transaction ends.
    private func begin(flags: UInt32) throws -> OpaquePointer {
        while true {
            gate.lockShared()
            var transaction: OpaquePointer?
            let code = mdb_txn_begin(handle, nil, flags, &transaction)
            if code == MDB_SUCCESS { return transaction! }
            gate.unlock()
            guard code == MDB_MAP_RESIZED else { throw LMDBError(code: code, operation: "mdb_txn_begin") }
            // > MDB_MAP_RESIZED: another process wrote data beyond this MDB_env's mapsize and
            // > this environment's map must be resized as well.
            try gate.exclusively { try check(mdb_env_set_mapsize(handle, 0), "mdb_env_set_mapsize") }
        }
    }

    /// Doubles the map, unless another thread already grew it past `previousSize`.
    private func grow(from previousSize: Int) throws {
        try gate.exclusively {
            guard unguardedInfo().me_mapsize <= previousSize else { return }
            try check(mdb_env_set_mapsize(handle, previousSize * 2), "mdb_env_set_mapsize")
        }
    }

    // MARK: Information

    /// Current sizes of the map and the data file.
    public func info() -> EnvironmentInfo {
        // Both calls read the meta pages inside the map: not while another thread moves it.
        gate.lockShared()
        let info = unguardedInfo()
        var stat = MDB_stat()
        mdb_env_stat(handle, &stat)
        gate.unlock()
        let attributes = try? FileManager.default.attributesOfItem(atPath: path + "/data.mdb")
        let fileSize = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        return EnvironmentInfo(
            mapSize: info.me_mapsize,
            fileSize: fileSize,
            pageSize: Int(stat.ms_psize),
            lastPage: info.me_last_pgno
        )
    }

    /// The map's size now (without the data file's, which ``info()`` asks the file system for).
    private func currentMapSize() -> Int {
        gate.lockShared()
        defer { gate.unlock() }
        return unguardedInfo().me_mapsize
    }

    /// `mdb_env_info`, which reads the meta pages inside the map: only with `gate` held, shared
    /// or (to resize) exclusively, as the map may move otherwise.
    private func unguardedInfo() -> MDB_envinfo {
        var info = MDB_envinfo()
        mdb_env_info(handle, &info)
        return info
    }

    /// Flushes buffers to disk (`mdb_env_sync` with force), for the non-durable modes.
    public func sync() throws {
        // It writes the map's pages (a map written in place) or the file's: not while the
        // map moves.
        gate.lockShared()
        defer { gate.unlock() }
        try check(mdb_env_sync(handle, 1), "mdb_env_sync")
    }
}

/// A registry entry that does not keep its environment open.
private struct WeakEnvironment {
    weak var environment: Environment?
}
