import Foundation
import KanbanCore
import LMDBStorage
import Tracing

/// How a ``KanbanEngine`` is opened.
public struct EngineOptions: Sendable {
    /// The initial size of the database's memory map, in bytes. It is address space, not disk:
    /// the file grows only as data is written, and the map doubles by itself when full.
    public var mapSize: Int
    /// How commits reach the disk.
    public var durability: Durability
    /// The clock events are stamped with. Stamps never go backwards: an event is stamped no
    /// earlier than the one before it, whatever the clocks of other processes said.
    public var clock: @Sendable () -> Timestamp
    /// A snapshot is taken, in the background, whenever this many events were appended since
    /// the newest one (by an importer or the workload generator: see
    /// ``snapshotSpacing(liveCards:)``); 0 turns automatic snapshots off. See
    /// ``defaultSnapshotInterval``.
    public var snapshotInterval: Int
    /// Where warnings go (a snapshot skipped, a background snapshot that failed).
    public var warn: @Sendable (String) -> Void
    /// The most commands committed together in one write transaction (group commit).
    public var maxBatchCount: Int
    /// How long one batch may spend deciding before the rest of its commands wait for the next.
    public var maxBatchDuration: Duration
    /// How long an answer kept under an idempotency key is given again to a retry (default
    /// 24 hours; older keys are forgotten and purged).
    public var idempotencyLifetime: Duration
    /// Whether the engine serves one command of a short-lived process (the `kanban` executable's
    /// commands, not `serve`): a look at one board now then decodes that board's cards alone and
    /// keeps nothing. Off, the engine builds the whole state on its first read and serves every
    /// later read and write from it, as a server should.
    public var isShortLived: Bool
    /// A log shared with engines on other machines (PostgreSQL's, from `KanbanPostgres`), or
    /// `nil`: the LMDB database is the log. With one, the database is this node's cache of it:
    /// every write claims the shared log, brings the cache up to it, decides, and appends there
    /// before committing here; ``EngineSync/catchUp(from:limit:)`` brings in other nodes'
    /// writes between. The store is used from the writer thread only: give each engine its own.
    public var sharedLog: (any LogStore)?
    /// Whether a write of the shared log that reads nothing of it first goes as a conditional
    /// write (``KanbanLog/LogStore/write(ifLogEndsAt:lastEvent:_:)``): decided on the cache
    /// as it is, without the claim, kept only if the log still ends where the cache does. One
    /// round trip on PostgreSQL, and the log held only inside it. When the log had moved on
    /// (another node wrote), the write runs again under the claim, and so do the node's writes
    /// for a second after. On by default; off, every write claims the log first.
    public var writesConditionally: Bool
    /// The tracer of the engine's spans (a command's, `kanban.command moveCard`, and its
    /// commit's, `kanban.commit`), or `nil` for the process's: `InstrumentationSystem.tracer`
    /// as it is when the engine opens, so bootstrap it first. With no tracer bootstrapped the
    /// engine records nothing and starts no span.
    public var tracer: (any Tracer)?
    /// The fewest events a replay (a state built from the log, or from a snapshot far behind
    /// it) must apply to read the log on one thread and apply it on a second: 50,000 by
    /// default (about 15 ms of work, where a thread costs microseconds); `Int.max` keeps every
    /// replay on one thread. The state is the same either way.
    public var twoThreadReplayMinimum = 50_000
    /// Whether the workload generator decides its commands on a second thread while the
    /// calling one appends them (on a log of this machine's own; a shared log's are decided
    /// in its transactions). The log is the same, byte for byte, either way.
    public var twoThreadGenerate = true

    /// 20,000 events: replaying that many takes about 8 ms here, about as long as decoding a
    /// snapshot of 50,000 live cards, so opening and time travel cost at most about twice the
    /// snapshot's decoding, while a 1,000,000-event log holds 50 snapshots before retention.
    public static let defaultSnapshotInterval = 20_000

    public init(
        mapSize: Int = 1 << 30,
        durability: Durability = .durable,
        clock: @escaping @Sendable () -> Timestamp = Timestamp.now,
        snapshotInterval: Int = EngineOptions.defaultSnapshotInterval,
        warn: @escaping @Sendable (String) -> Void = EngineOptions.standardErrorWarning,
        maxBatchCount: Int = 256,
        maxBatchDuration: Duration = .milliseconds(20),
        idempotencyLifetime: Duration = .seconds(24 * 3600),
        isShortLived: Bool = false,
        sharedLog: (any LogStore)? = nil,
        writesConditionally: Bool = true,
        tracer: (any Tracer)? = nil
    ) {
        self.mapSize = mapSize
        self.durability = durability
        self.clock = clock
        self.snapshotInterval = snapshotInterval
        self.warn = warn
        self.maxBatchCount = maxBatchCount
        self.maxBatchDuration = maxBatchDuration
        self.idempotencyLifetime = idempotencyLifetime
        self.isShortLived = isShortLived
        self.sharedLog = sharedLog
        self.writesConditionally = writesConditionally
        self.tracer = tracer
    }

    /// Durability of a commit.
    public enum Durability: Sendable, Equatable {
        /// Data and meta page are synced on every commit: a crash loses nothing committed.
        case durable
        /// The meta page is not synced (`MDB_NOMETASYNC`): the database stays consistent after
        /// any crash, but the last commits before an operating-system crash or power loss may
        /// be lost (a killed process loses nothing).
        case noMetaSync
    }

    /// Writes `kanban: warning: …` to standard error.
    @Sendable public static func standardErrorWarning(_ message: String) {
        FileHandle.standardError.write(Data("kanban: warning: \(message)\n".utf8))
    }

    /// The events an importer or the workload generator appends between automatic snapshots
    /// of a state of `liveCards` cards: ``snapshotInterval``, or `liveCards / 2` when that is
    /// more; 0 when automatic snapshots are off. A snapshot costs about what encoding every
    /// live card costs, so spacing them by half the live cards bounds that cost at two cards'
    /// worth an event, however large the state grows. At a fixed 20,000, a 5,000,000-event
    /// `generate` (237,738 cards at the end) encoded 5 GB of snapshots, the snapshot thread fell
    /// behind, and the states waiting for it took 3.3 GB; retention, which keeps the snapshots
    /// within the log's size, then removed most of them. Spaced by the cards, about as many are
    /// kept, and closer together. Commands keep the plain interval: a short-lived read replays
    /// the events after the newest snapshot, so it stays near the log's end.
    public func snapshotSpacing(liveCards: Int) -> UInt64 {
        guard snapshotInterval > 0 else { return 0 }
        return UInt64(max(snapshotInterval, liveCards / 2))
    }

    /// The storage options these stand for.
    var environment: EnvironmentOptions {
        EnvironmentOptions(
            mapSize: mapSize,
            maxDatabases: 16,
            durability: durability == .durable ? .durable : .noMetaSync
        )
    }
}
