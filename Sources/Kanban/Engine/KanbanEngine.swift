import Foundation
import KanbanCore
import LMDBStorage
import Synchronization
import Tracing

/// The engine programs embed: an event log and the board state folded from it.
///
/// Every change is a ``KanbanCore/Command``. Commands go to one writer thread, which decides
/// them one after another on the latest state (caught up with whatever other processes
/// appended) and commits those that arrive together in one durable write transaction (group
/// commit). A command returns only after its batch is durable; a rejected one throws
/// ``KanbanCore/KanbanError``, appends nothing and affects no other command. Storage failures
/// throw ``EngineError``. Reads are served from their own copy of the state, caught up with the
/// last commit in a read transaction, so they never wait for a commit in flight. Safe to share
/// between threads and tasks, and between processes on one database.
///
/// For example:
///
/// ```swift
/// let engine = try KanbanEngine(path: "kanban.db")
/// let added = try await engine.execute(.addCard(board: "main", title: "Write the README"), actor: "ana")
/// for try await event in engine.events(after: 0) { print(event.sequence, event.payload.kind) }
/// ```
public final class KanbanEngine: Sendable {
    /// The database directory.
    public let path: String
    /// The store this engine reads its log from and writes it through: every write of the
    /// engine is one of the store's transactions.
    public let store: LMDBLogStore
    /// The snapshots of its state.
    let snapshotStore: SnapshotStore
    /// The board outline, kept in the same transactions: what adding a card needs.
    let outlines: OutlineStore
    let options: EngineOptions
    package let clock: @Sendable () -> Timestamp
    /// The state reads are served from.
    private let readSide: Mutex<EngineCore>
    /// The state commands are decided on: used by the writer thread (and by ``EngineImporter/generate(events:seed:boards:batchSize:)``).
    let writeSide: Mutex<EngineCore>
    /// The queue of commands and the thread that commits them.
    let writer: CommandWriter
    /// Counts of the writer's commits, for monitoring.
    let writes = Mutex(WriteStatistics())
    /// Each board's head in a prefix of the shared log, counted once and then only what was
    /// appended since (``EngineOptions/sharedLog``).
    let sharedHeads = Mutex(BoardHeads())
    /// The cache's backdated ranges, opened (and made) up front on an engine with a shared log,
    /// whose writes bring other nodes' ranges in.
    let sharedBackdated: BackdatedRanges?
    /// Whether the database is a node's cache (``NodeMark``) opened without its shared log: it
    /// is then read only.
    let isOrphanedCache: Bool
    /// Whether a write found the cache to be a prefix of the shared log (it stays one).
    let sharedCacheChecked = Mutex(false)
    /// The positions the cache holds and the shared log no longer does, once found
    /// (``SharedLogError/lostTail(path:logEnd:cacheEnd:)``).
    let lostSharedPositions = Mutex<ClosedRange<UInt64>?>(nil)
    /// The cuts of a node's cache (``CacheCuts``); `nil` for a database that is no node's cache.
    let cacheCuts: CacheCuts?
    /// Whether the database was a node's cache before this engine opened it: only such a cache
    /// (or one this engine checked) is cut back when it parts from its shared log.
    let wasNodeCache: Bool
    /// The positions the shared log says failovers lost (any node's cuts), and when it was
    /// last asked (``isDueToLearnLostPositions()``).
    let lostPositionsInLog = Mutex<(ranges: [ClosedRange<UInt64>], learnedAt: ContinuousClock.Instant?)>(([], nil))
    /// How many times this engine cut its cache back: live streams started before a cut end.
    let cutsMade = Mutex<UInt64>(0)
    /// Where the next slice of the idempotency purge starts (`nil`: at the first answer).
    let answerPurgePosition = Mutex<[UInt8]?>(nil)
    /// When a write of the shared log last ran again for a key answered there already: writes
    /// ask for their keys' answers first for a while after (``SharedWrite/asksForAnswers``).
    let lastRerunForAnswers = Mutex<ContinuousClock.Instant?>(nil)
    /// When a conditional write of the shared log last found the log moved on: writes claim
    /// it first for a while after (``mayWriteConditionally(_:)``).
    let lastRefusedConditionalWrite = Mutex<ContinuousClock.Instant?>(nil)
    /// The tracer of commands' and commits' spans; `nil` when none records.
    let tracer: (any Tracer)?
    /// Who administers the server (``administer(_:)``); `nil`: everyone.
    let administrators = Mutex<Set<String>?>(nil)

    /// Opens (creating when missing) the database directory at `path`. The log is replayed on
    /// first use: the first command, read or ``replay(ignoringSnapshots:)``.
    public init(path: String, options: EngineOptions = EngineOptions()) throws {
        do {
            let environment = try Environment.open(path: path, options: options.environment)
            store = try LMDBLogStore(environment: environment, path: path)
            snapshotStore = try SnapshotStore(environment: environment)
            outlines = try OutlineStore(environment: environment)
            sharedBackdated = options.sharedLog == nil ? nil : try BackdatedRanges(environment: environment)
            wasNodeCache = try NodeMark.isMarked(environment)
            if options.sharedLog != nil { try NodeMark.mark(environment) }
            isOrphanedCache = options.sharedLog == nil ? try NodeMark.isMarked(environment) : false
            cacheCuts = options.sharedLog != nil ? try CacheCuts(environment: environment) : try CacheCuts(existingIn: environment)
        } catch let error as LMDBError {
            throw EngineError.opening(error, path: path)
        }
        self.path = path
        self.options = options
        clock = options.clock
        readSide = Mutex(EngineCore())
        writeSide = Mutex(EngineCore())
        writer = CommandWriter(maxBatchCount: options.maxBatchCount)
        tracer = Self.recordingTracer(options)
    }

    deinit {
        writer.close()
    }

    // MARK: Commands

    /// Decides `command` on the latest state and appends its events, committed durably before
    /// this returns. A rejected command throws ``KanbanError`` and appends nothing. A command
    /// that changes nothing (such as moving a card to where it is) appends nothing and returns `[]`.
    /// `time` is when the change happened, for imports (default: now); the log's own stamps
    /// never go backwards, so an earlier time is stamped as the last event's.
    ///
    /// Blocks the calling thread until the commit; from Swift concurrency use the `async` form.
    @discardableResult
    public func execute(_ command: Command, actor: String, at time: Timestamp? = nil) throws -> [RecordedEvent] {
        try perform(command, actor: actor, at: time).events
    }

    /// Decides `command` on the latest state and appends its events, as the blocking form does,
    /// without blocking Swift's cooperative thread pool: the write and its fsync run on the
    /// engine's writer thread, together with whatever other commands arrived meanwhile.
    @discardableResult
    public func execute(_ command: Command, actor: String, at time: Timestamp? = nil) async throws -> [RecordedEvent] {
        try await perform(command, actor: actor, at: time).events
    }

    /// Carries out `command` as ``execute(_:actor:at:)`` does and says all it did: the events
    /// appended and, for an undo or a redo, the stack entries it dropped on the way because
    /// they cannot be undone at all (an undo that found only such entries appends nothing and
    /// returns them).
    @discardableResult
    public func perform(_ command: Command, actor: String, at time: Timestamp? = nil) throws -> CommandOutcome {
        let actor = try Self.checkedActor(actor)
        let answer = Answer()
        writer.submit(PendingCommand(engine: self, command: command, actor: actor, time: time) { answer.give($0) })
        return try answer.wait()
    }

    /// The `async` form of ``perform(_:actor:at:)``.
    @discardableResult
    public func perform(_ command: Command, actor: String, at time: Timestamp? = nil) async throws -> CommandOutcome {
        let actor = try Self.checkedActor(actor)
        return try await withCommandSpan(command) { trace in
            try await withCheckedThrowingContinuation { continuation in
                writer.submit(PendingCommand(engine: self, command: command, actor: actor, time: time, trace: trace) { continuation.resume(with: $0) })
            }
        }
    }

    /// Carries out `command` at most once per `idempotencyKey` (per actor): the first time, as
    /// ``perform(_:actor:at:)`` does, and `answer` turns its outcome — events or rejection —
    /// into bytes that are kept in the same write transaction as the events; a retry with the
    /// same key within ``EngineOptions/idempotencyLifetime`` carries out nothing and gets those
    /// bytes back, also after a restart. Storage failures are thrown and keep nothing.
    ///
    /// `answer` runs on the writer thread inside the transaction: keep it quick.
    public func perform(
        _ command: Command,
        actor: String,
        at time: Timestamp? = nil,
        idempotencyKey: String,
        answer: @escaping @Sendable (Result<CommandOutcome, any Error>) -> [UInt8]
    ) async throws -> RememberedAnswer {
        let actor = try Self.checkedActor(actor)
        let store = try self.store.idempotencyStore()
        let key = IdempotencyStore.storageKey(actor: actor, key: idempotencyKey)
        return try await withCommandSpan(command) { trace in
            try await withCheckedThrowingContinuation { continuation in
                let memo = Memo(store: store, key: key, actor: actor, clientKey: idempotencyKey, render: answer) { continuation.resume(with: $0) }
                writer.submit(PendingCommand(engine: self, command: command, actor: actor, time: time, delivery: .remembered(memo), trace: trace))
            }
        }
    }

    /// Undoes `actor`'s last action that can still be undone (``KanbanCore/Command/undo(force:)``).
    /// Throws ``KanbanError/nothingToUndo(actor:)`` when nothing was appended.
    @discardableResult
    public func undo(actor: String, force: Bool = false) throws -> [RecordedEvent] {
        let events = try perform(.undo(force: force), actor: actor).events
        if events.isEmpty { throw KanbanError.nothingToUndo(actor: try Self.checkedActor(actor)) }
        return events
    }

    /// Redoes `actor`'s last undo (``KanbanCore/Command/redo(force:)``). Throws
    /// ``KanbanError/nothingToRedo(actor:)`` when nothing was appended.
    @discardableResult
    public func redo(actor: String, force: Bool = false) throws -> [RecordedEvent] {
        let events = try perform(.redo(force: force), actor: actor).events
        if events.isEmpty { throw KanbanError.nothingToRedo(actor: try Self.checkedActor(actor)) }
        return events
    }

    // MARK: Reading

    /// Calls `body` with the latest committed state (caught up with the log, column orders built).
    public func withState<Result>(_ body: (KanbanState) throws -> Result) throws -> Result {
        try readSide.withLock { core in
            try read { transaction in try catchUp(&core, in: transaction) }
            core.state.buildOrderIndex()
            return try body(core.state)
        }
    }

    /// The board named `name` laid out at `now`. On a log with no board yet, `main` shows as
    /// the empty board it will be made as on first write (``KanbanCore/DefaultBoard``).
    public func boardView(named name: String, now: Timestamp = .now(), timeZone: TimeZone = .current) throws -> BoardView {
        if options.isShortLived, let view = try boardViewOfOneBoard(named: name, now: now, timeZone: timeZone) { return view }
        return try withState { state in
            if DefaultBoard.isPending(name, in: state) { return DefaultBoard.placeholderView }
            guard let board = state.board(named: name) else { throw KanbanError.unknownBoard(name) }
            return state.view(of: board, now: now, today: now.day(in: timeZone))
        }
    }

    /// Every event of the log, in order.
    public func events() throws -> [RecordedEvent] {
        try events(after: 0, limit: nil)
    }

    /// The events after `sequence`, at most `limit` of them (`nil`: all). For the events after
    /// `sequence` and every commit to come, see ``events(after:pollInterval:)``.
    public func events(after sequence: UInt64, limit: Int?) throws -> [RecordedEvent] {
        try read { transaction in
            var events: [RecordedEvent] = []
            try log.forEach(after: sequence, in: transaction) { event in
                guard limit.map({ events.count < $0 }) ?? true else { return false }
                events.append(event)
                return true
            }
            return events
        }
    }

    /// The sequence number of the last committed event (0 for an empty log).
    public func lastSequence() throws -> UInt64 {
        try read { transaction in try log.lastSequence(in: transaction) }
    }

    /// How many write transactions this engine committed for commands, and how many commands
    /// they carried.
    public var writeStatistics: WriteStatistics {
        writes.withLock { $0 }
    }

    /// Counts of the log and the state.
    public func statistics() throws -> LogStatistics {
        let (events, last) = try read { transaction in
            (try log.count(in: transaction), try log.lastSequence(in: transaction))
        }
        let (cards, boards) = try withState { ($0.cards.count, $0.boards.count) }
        let info = log.environment.info()
        return LogStatistics(
            events: events, lastSequence: last, liveCards: cards, boards: boards,
            databaseBytes: info.fileSize, mapBytes: info.mapSize
        )
    }

    /// Rebuilds the state reads are served from: from the newest valid snapshot and the events
    /// after it, or from the whole log with `ignoringSnapshots`. Says how, and how long it took.
    public func replay(ignoringSnapshots: Bool = false) throws -> ReplayReport {
        try readSide.withLock { core in
            let start = ContinuousClock.now
            var fresh = EngineCore()
            try read { transaction in
                try catchUp(&fresh, in: transaction, useSnapshots: !ignoringSnapshots)
            }
            let elapsed = ContinuousClock.now - start
            fresh.newestSnapshot = core.newestSnapshot
            core = fresh
            return ReplayReport(
                events: Int(clamping: fresh.state.lastSequence), seconds: elapsed.seconds,
                snapshot: fresh.snapshot, tailEvents: fresh.tailEvents
            )
        }
    }

    /// Runs `body` with exclusive access to the state reads are served from.
    func withReadCore<Result>(_ body: (inout EngineCore) throws -> Result) throws -> Result {
        try readSide.withLock { core in try body(&core) }
    }

    // MARK: Catching up

    /// Applies the events appended since `core` last looked (by any process), up to `limit`.
    /// An empty state starts from the newest valid snapshot (unless `useSnapshots` is off); a
    /// dirty one is rebuilt the same way. With `boardsOnly`, that snapshot gives its boards and
    /// columns only (for reads of names: the state then lacks the cards and undo stacks from
    /// before it, and must not be used for anything else); with `cardsOf`, those and that
    /// board's cards (for laying that board out, and nothing else).
    func catchUp(
        _ core: inout EngineCore,
        in transaction: some Transaction,
        useSnapshots: Bool = true,
        boardsOnly: Bool = false,
        cardsOf board: BoardID? = nil,
        upTo limit: UInt64 = .max
    ) throws {
        // A state from before the cache was cut back holds events the log lost: start afresh.
        if let cacheCuts, case let cuts = try cacheCuts.count(in: transaction), cuts != core.cuts {
            core = EngineCore()
            core.cuts = cuts
        }
        if core.isDirty {
            core = EngineCore(newestSnapshot: core.newestSnapshot, cuts: core.cuts)
        }
        // Where the log ends: where a snapshot may be taken from, and how long the tail is.
        let logEnd = try log.lastSequence(in: transaction)
        let end = min(logEnd, limit)
        if core.state.lastSequence == 0 && useSnapshots {
            if end > 0, let (state, timestamp) = try snapshotStore.newest(atMost: end, logEnd: logEnd, boardsOnly: boardsOnly, cardsOf: board, in: transaction, warn: options.warn) {
                core.state = state
                core.lastTimestamp = timestamp
                core.snapshot = state.lastSequence
            }
        }
        if core.newestSnapshot == nil {
            core.newestSnapshot = try snapshotStore.list(in: transaction).last?.sequence ?? 0
        }
        var lastTimestamp = core.lastTimestamp
        var applied: Int?
        let tail = end > core.state.lastSequence ? end - core.state.lastSequence : 0
        // A long tail keeps its texts in the map's bytes until its end, and makes strings only
        // of those that last (the bytes stay valid for the whole transaction). Deferring costs
        // a pass over the cards and 16 bytes a card meanwhile, so the tail must be at least as
        // long as the cards are many: a whole log, not a moment's tail after a large snapshot.
        let defersTexts = tail >= UInt64(max(Self.deferredTextsMinimum, core.state.cards.count))
        if defersTexts { core.state.beginDeferringTexts() }
        defer { if defersTexts { core.state.endDeferringTexts() } }
        if tail >= UInt64(max(options.twoThreadReplayMinimum, 1)), let transaction = transaction as? ReadTransaction {
            applied = try replayOnTwoThreads(into: &core.state, lastTimestamp: &lastTimestamp, upTo: limit, in: transaction)
        }
        if applied == nil {
            var fold = ReplayFold(lastTimestamp: lastTimestamp)
            // Each event is applied a few events after it is read, its card asked for meanwhile
            // (the map's bytes stay valid for the whole transaction).
            var ahead = ReplayLookahead()
            try log.forEachRaw(after: core.state.lastSequence, in: transaction) { sequence, bytes in
                guard sequence <= limit else { return false }
                if let next = ahead.push(sequence, bytes, for: &core.state) { try fold.apply(next.sequence, next.bytes, to: &core.state) }
                return true
            }
            while let next = ahead.pop() { try fold.apply(next.sequence, next.bytes, to: &core.state) }
            lastTimestamp = fold.lastTimestamp
            applied = fold.applied
        }
        core.tailEvents += applied ?? 0
        core.lastTimestamp = lastTimestamp
    }

    package static func checkedActor(_ actor: String) throws(KanbanError) -> String {
        let trimmed = actor.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= Limits.nameLength else { throw .invalidActor(actor) }
        return trimmed
    }
}
