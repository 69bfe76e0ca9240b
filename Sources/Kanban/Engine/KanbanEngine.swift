import Foundation
import KanbanCore
import LMDBStorage
import Synchronization

/// The engine programs embed: an event log on LMDB and the board state folded from it.
///
/// The state is the log replayed (on first use). Every command is decided inside an LMDB write transaction after
/// catching up with events other processes appended, so two processes never decide on stale
/// state; the events are appended and the transaction commits (durably, by default) before
/// ``execute(_:actor:)`` returns. Reads catch up first too. Safe to share between threads.
///
/// For example:
///
/// ```swift
/// let engine = try KanbanEngine(path: "kanban.db")
/// let added = try engine.execute(.addCard(board: "main", title: "Write the README"), actor: "ana")
/// try engine.withState { state in print(state.cards.count) }
/// ```
public final class KanbanEngine: Sendable {
    /// The log this engine reads and appends to.
    public let log: EventLog
    /// The snapshots of its state.
    public let snapshots: SnapshotStore
    let options: EngineOptions
    private let core: Mutex<EngineCore>
    let clock: @Sendable () -> Timestamp

    /// Opens (creating when missing) the database directory at `path`. The log is replayed on
    /// first use: the first command, read or ``replay()``.
    public init(path: String, options: EngineOptions = EngineOptions()) throws {
        let environment = try Environment.open(path: path, options: options.environment)
        log = try EventLog(environment: environment)
        snapshots = try SnapshotStore(environment: environment)
        self.options = options
        clock = options.clock
        core = Mutex(EngineCore())
    }

    // MARK: Commands

    /// Decides `command` on the latest state and appends its events, committed before this
    /// returns. A rejected command throws ``KanbanError`` and appends nothing. A command that
    /// changes nothing (such as moving a card to where it is) appends nothing and returns `[]`.
    @discardableResult
    public func execute(_ command: Command, actor: String) throws -> [RecordedEvent] {
        let actor = try Self.checkedActor(actor)
        return try core.withLock { core in
            try writeAndApply(&core) { core, transaction in
                core.state.buildOrderIndex()
                let decided = try Decider.decide(command, in: core.state, ids: &core.ids)
                return try append(decided, actor: actor, to: &core, in: transaction)
            }
        }
    }

    /// Runs `body` on `core` inside a write transaction, after catching up with the log.
    /// ``append(_:actor:at:ids:to:in:)`` marks `core` dirty while it holds events that are not
    /// committed yet; the mark is cleared once the transaction commits, so a rejected command
    /// (which appends nothing) leaves the state as it was.
    func writeAndApply<Result>(
        _ core: inout EngineCore,
        _ body: (inout EngineCore, WriteTransaction) throws -> Result
    ) throws -> Result {
        let result = try log.environment.write { transaction in
            try catchUp(&core, in: transaction)
            return try body(&core, transaction)
        }
        core.isDirty = false
        scheduleSnapshotIfDue(&core)
        return result
    }

    /// Stamps, appends and applies `events` after the log's last one, with event ids from `ids`.
    func append(
        _ events: [BoardEvent],
        actor: String,
        at moment: Timestamp,
        ids: inout some RandomNumberGenerator,
        to core: inout EngineCore,
        in transaction: WriteTransaction
    ) throws -> [RecordedEvent] {
        var recorded: [RecordedEvent] = []
        recorded.reserveCapacity(events.count)
        let timestamp = max(moment, core.lastTimestamp)
        for event in events {
            let next = RecordedEvent(
                sequence: core.state.lastSequence + 1,
                timestamp: timestamp,
                actor: event.actor ?? actor,
                id: EventID(.random(using: &ids)),
                board: event.board,
                payload: event.payload
            )
            try log.append(next, in: transaction)
            core.isDirty = true
            core.apply(next)
            recorded.append(next)
        }
        return recorded
    }

    /// Stamps (now), appends and applies `events`, with fresh random event ids.
    func append(_ events: [BoardEvent], actor: String, to core: inout EngineCore, in transaction: WriteTransaction) throws -> [RecordedEvent] {
        var ids = SystemRandomNumberGenerator()
        return try append(events, actor: actor, at: clock(), ids: &ids, to: &core, in: transaction)
    }

    // MARK: Reading

    /// Calls `body` with the latest state (caught up with the log, column orders built).
    public func withState<Result>(_ body: (KanbanState) throws -> Result) throws -> Result {
        try core.withLock { core in
            try log.environment.read { transaction in try catchUp(&core, in: transaction) }
            core.state.buildOrderIndex()
            return try body(core.state)
        }
    }

    /// The board named `name` laid out at `now`. On a log with no board yet, `main` shows as
    /// an empty board with TODO, DOING and DONE, as it will be made on first write.
    public func boardView(named name: String, now: Timestamp = .now(), timeZone: TimeZone = .current) throws -> BoardView {
        try withState { state in
            if state.boardsCreated == 0 && name.lowercased() == Board.defaultName { return KanbanState.emptyDefaultBoard }
            guard let board = state.board(named: name) else { throw KanbanError.unknownBoard(name) }
            return state.view(of: board, now: now, today: now.day(in: timeZone))
        }
    }

    /// Events after `sequence`, at most `limit` of them.
    public func events(after sequence: UInt64 = 0, limit: Int? = nil) throws -> [RecordedEvent] {
        try log.environment.read { transaction in
            var events: [RecordedEvent] = []
            try log.forEach(after: sequence, in: transaction) { event in
                guard limit.map({ events.count < $0 }) ?? true else { return false }
                events.append(event)
                return true
            }
            return events
        }
    }

    /// Counts of the log and the state.
    public func statistics() throws -> LogStatistics {
        let (events, last) = try log.environment.read { transaction in
            (try log.count(in: transaction), try log.lastSequence(in: transaction))
        }
        let (cards, boards) = try withState { ($0.cards.count, $0.boards.count) }
        let info = log.environment.info()
        return LogStatistics(
            events: events, lastSequence: last, liveCards: cards, boards: boards,
            databaseBytes: info.fileSize, mapBytes: info.mapSize
        )
    }

    /// Rebuilds the state, replacing the engine's: from the newest valid snapshot and the events
    /// after it, or from the whole log with `ignoringSnapshots`. Says how, and how long it took.
    public func replay(ignoringSnapshots: Bool = false) throws -> ReplayReport {
        try core.withLock { core in
            let start = ContinuousClock.now
            var fresh = EngineCore()
            try log.environment.read { transaction in
                try catchUp(&fresh, in: transaction, useSnapshots: !ignoringSnapshots)
            }
            let elapsed = ContinuousClock.now - start
            fresh.newestSnapshot = core.newestSnapshot
            core = fresh
            return ReplayReport(
                events: Int(fresh.state.lastSequence), seconds: elapsed.seconds,
                snapshot: fresh.snapshot, tailEvents: fresh.tailEvents
            )
        }
    }

    /// Runs `body` with exclusive access to the engine's mutable part.
    func withCore<Result>(_ body: (inout EngineCore) throws -> Result) throws -> Result {
        try core.withLock { core in try body(&core) }
    }

    // MARK: Catching up

    /// Applies the events appended since `core` last looked (by any process), up to `limit`.
    /// An empty state starts from the newest valid snapshot (unless `useSnapshots` is off); a
    /// dirty one is rebuilt the same way.
    func catchUp(
        _ core: inout EngineCore,
        in transaction: some Transaction,
        useSnapshots: Bool = true,
        upTo limit: UInt64 = .max
    ) throws {
        if core.isDirty {
            core = EngineCore(newestSnapshot: core.newestSnapshot)
        }
        if core.state.lastSequence == 0 && useSnapshots {
            let logEnd = try log.lastSequence(in: transaction)
            let end = min(logEnd, limit)
            if end > 0, let (state, timestamp) = try snapshots.newest(atMost: end, logEnd: logEnd, in: transaction, warn: options.warn) {
                core.state = state
                core.lastTimestamp = timestamp
                core.snapshot = state.lastSequence
            }
        }
        if core.newestSnapshot == nil {
            core.newestSnapshot = try snapshots.list(in: transaction).last?.sequence ?? 0
        }
        var lastTimestamp = core.lastTimestamp
        var applied = 0
        try log.forEachRaw(after: core.state.lastSequence, in: transaction) { sequence, bytes in
            guard sequence <= limit else { return false }
            do throws(EventDecodingError) {
                lastTimestamp = max(lastTimestamp, try core.state.apply(encoded: bytes, sequence: sequence))
            } catch {
                throw KanbanError.corruptEvent(sequence: sequence, reason: error.description)
            }
            applied += 1
            return true
        }
        core.tailEvents += applied
        core.lastTimestamp = lastTimestamp
    }

    static func checkedActor(_ actor: String) throws(KanbanError) -> String {
        let trimmed = actor.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= Limits.nameLength else { throw .invalidActor(actor) }
        return trimmed
    }
}
