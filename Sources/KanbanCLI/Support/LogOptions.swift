import ArgumentParser
import Kanban

/// Where the log is, for every command that opens it: an LMDB database (`--db`), or a log
/// shared on PostgreSQL (`--store`) through this machine's cache of it (`--db` then names the cache).
public struct LogOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The LMDB environment directory, created on first use. Default: $KANBAN_DB, else ./kanban.db.", valueName: "path"))
    var db: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("A PostgreSQL log shared by server nodes (postgres://user:password@host:port/database): the command works on it, --db being this machine's cache of it (default ./kanban-cache.db).", valueName: "url"))
    var store: String?

    public init() {}

    /// The LMDB database to open: `--db`, else `$KANBAN_DB`, else `./kanban.db`.
    var databasePath: String { GlobalOptions.databasePath(db) }

    /// The engine the command works on: on `--db`, or, with `--store`, on this machine's cache
    /// of that shared log, brought up to it first.
    func openEngine() throws -> KanbanEngine {
        guard let store else { return try GlobalOptions.openEngine(at: databasePath) }
        return try GlobalOptions.openNode(of: store, cache: db ?? GlobalOptions.defaultCachePath).engine
    }
}
