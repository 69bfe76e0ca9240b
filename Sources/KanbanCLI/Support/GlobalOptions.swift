import ArgumentParser
import Foundation
import Kanban

/// The options every subcommand takes: where the database is, which board, who acts.
public struct GlobalOptions: ParsableArguments {
    @OptionGroup var log: LogOptions

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The board to work on.", valueName: "name"))
    var board: String = "main"

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Who is acting, for the log. Default: $KANBAN_ACTOR, else the login name.", valueName: "name"))
    var actor: String?

    public init() {}

    /// The database directory to open.
    var databasePath: String { log.databasePath }

    /// `db`, else `$KANBAN_DB`, else `./kanban.db`.
    public static func databasePath(_ db: String?) -> String {
        if let db { return db }
        if let path = ProcessInfo.processInfo.environment["KANBAN_DB"], !path.isEmpty { return path }
        return "./kanban.db"
    }

    /// The actor to record.
    var actorName: String {
        if let actor { return actor }
        let environment = ProcessInfo.processInfo.environment
        for name in ["KANBAN_ACTOR", "USER", "LOGNAME"] {
            if let value = environment[name], !value.isEmpty { return value }
        }
        return NSUserName().isEmpty ? "unknown" : NSUserName()
    }

    /// The engine the command works on (``LogOptions/openEngine()``).
    func openEngine() throws -> KanbanEngine {
        try log.openEngine()
    }

    /// How many events a node copies into its cache per write transaction when it starts.
    static let initialCopyStep = 100_000

    /// Where a node keeps its cache of a shared log when `--db` does not say.
    public static let defaultCachePath = "kanban-cache.db"

    /// A node of the shared log at `url`: the engine on its cache at `path`, writing through one
    /// connection and brought up to the log through another, which it returns for a follower
    /// to keep the cache current (a long-lived node; a command's node just returns).
    public static func openNode(of url: String, cache path: String, shortLived: Bool = true) throws -> (engine: KanbanEngine, follower: any LogStore) {
        let writer = try SharedLogOpener.store(at: url)
        let follower = try SharedLogOpener.store(at: url)
        let engine = try openEngine(at: path, shortLived: shortLived, sharedLog: writer)
        // In large steps: each step's write rewrites the history index's pages it touches
        // (card keys land all over it), so fewer, larger steps write far less. Each step is
        // read from the log while the one before is written.
        try engine.sync.catchUpInSteps(from: follower, step: initialCopyStep)
        // A new cache folds its state from the newest snapshot another node kept, not from the start.
        try engine.sync.adoptSharedSnapshot(from: follower)
        return (engine, follower)
    }

    /// The engine on `path`, with a snapshot every `$KANBAN_SNAPSHOT_INTERVAL` events when set
    /// (0 turns automatic snapshots off). `shortLived` for one command's engine
    /// (``EngineOptions/isShortLived``); a server's is not.
    public static func openEngine(at path: String, shortLived: Bool = true, sharedLog: (any LogStore)? = nil) throws -> KanbanEngine {
        var options = EngineOptions(isShortLived: shortLived, sharedLog: sharedLog)
        // A node's cache is not where a write is kept: the shared log is, committed first. So
        // its commits skip the meta page's sync (consistent after any crash; the last commits an
        // operating-system crash may lose are copied back from the log), one flush less per write.
        if sharedLog != nil { options.durability = .noMetaSync }
        if let text = ProcessInfo.processInfo.environment["KANBAN_SNAPSHOT_INTERVAL"], let interval = Int(text), interval >= 0 {
            options.snapshotInterval = interval
        }
        if ProcessInfo.processInfo.environment["KANBAN_REPLAY_THREADS"] == "1" { options.twoThreadReplayMinimum = .max }
        if ProcessInfo.processInfo.environment["KANBAN_GENERATE_THREADS"] == "1" { options.twoThreadGenerate = false }
        let engine = try KanbanEngine(path: path, options: options)
        EngineRetention.register(engine)
        try catchUpIndexes(of: engine)
        return engine
    }

    /// A log older than its audit tree or history index (written before they existed, or by an
    /// older program) gets what they lack now, with progress on a terminal; a few events are
    /// added by the next write.
    private static func catchUpIndexes(of engine: KanbanEngine) throws {
        let terminal = isatty(STDERR_FILENO) == 1
        func report(_ what: String) -> (UInt64, UInt64) -> Void {
            { done, total in
                if terminal { FileHandle.standardError.write(Data("\rkanban: building the \(what): \(done) of \(total) events".utf8)) }
            }
        }
        if try engine.audit.lag() > 10_000 {
            try engine.audit.catchUp(progress: report("audit tree"))
            if terminal { FileHandle.standardError.write(Data("\n".utf8)) }
        }
        if try engine.history.indexLag() > 10_000 {
            try engine.history.catchUpIndex(progress: report("history index"))
            if terminal { FileHandle.standardError.write(Data("\n".utf8)) }
        }
    }
}
