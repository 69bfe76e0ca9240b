import KanbanCore
import LMDBStorage

/// One write transaction that appends many decisions, each decided on the state the ones
/// before it left: the one door to the write side besides the writer thread that carries out
/// commands (``EngineImporter/batch(_:)``). Importers and the workload generator take it. Valid
/// only inside the call that hands it out.
public struct BatchAppend {
    private let engine: KanbanEngine
    private let core: UnsafeMutablePointer<EngineCore>
    private let backdated: BackdatedRanges
    private var ids = SystemRandomNumberGenerator()
    /// The write transaction, for what an importer keeps beside the log (its memory of ids).
    package let transaction: WriteTransaction
    /// When the batch is recorded: every event it appends is stamped so (or as the log's last
    /// event, if that is later).
    package let now: Timestamp

    init(engine: KanbanEngine, core: UnsafeMutablePointer<EngineCore>, backdated: BackdatedRanges, transaction: WriteTransaction, now: Timestamp) {
        self.engine = engine
        self.core = core
        self.backdated = backdated
        self.transaction = transaction
        self.now = now
    }

    /// The state, with what the batch appended so far.
    public var state: KanbanState {
        _read { yield core.pointee.state }
    }

    /// Calls `body` with the state, with what the batch appended so far, lent out of the batch
    /// for the call: read where it lies rather than copied (a copy retains every table of the
    /// state, several times an event in a generated log). While `body` runs, ``state`` reads
    /// an empty state; `body` must not append.
    package func withStateLent<Result>(_ body: (borrowing KanbanState) throws -> Result) rethrows -> Result {
        var lent = KanbanState()
        swap(&lent, &core.pointee.state)
        defer { swap(&lent, &core.pointee.state) }
        return try body(lent)
    }

    /// The timestamp of the log's last event, with what the batch appended so far.
    public var lastTimestamp: Timestamp { core.pointee.lastTimestamp }

    /// Builds the state's order index, which deciding needs.
    public func buildOrderIndex() {
        core.pointee.state.buildOrderIndex()
    }

    /// The events `command`, by `actor`, decides on `deciding` (its order index built; default:
    /// the batch's state, its index built first).
    public mutating func decide(_ command: Command, actor: String, on deciding: KanbanState? = nil) throws -> [BoardEvent] {
        if deciding == nil { buildOrderIndex() }
        return try engine.decide(command, actor: actor, state: deciding ?? state, ids: &ids, backdated: backdated, in: transaction).events
    }

    /// The events `command`, by `actor`, decides on the batch's state (its order index built),
    /// new ids drawn from `ids`: for a generator whose ids follow from its seed.
    public func decide(_ command: Command, actor: String, ids: inout some RandomNumberGenerator) throws -> [BoardEvent] {
        try engine.decide(command, actor: actor, state: core.pointee.state, ids: &ids, backdated: backdated, in: transaction).events
    }

    /// Appends `events` by `actor`, stamped ``now``, that happened at `happenedAt` (for a history
    /// recorded after the fact: then also ``recordBackdated(board:sequences:)``), and applies them.
    public mutating func append(_ events: [BoardEvent], actor: String, happenedAt: Timestamp? = nil) throws -> [RecordedEvent] {
        try engine.append(events, actor: actor, at: now, happenedAt: happenedAt, ids: &ids, to: &core.pointee, in: transaction)
    }

    /// Appends `events` by `actor` stamped `moment` (or the log's last stamp, if later), event
    /// ids drawn from `ids`, and applies them: for a generator that keeps its own clock.
    public func append(_ events: [BoardEvent], actor: String, at moment: Timestamp, ids: inout some RandomNumberGenerator) throws -> [RecordedEvent] {
        try engine.append(events, actor: actor, at: moment, ids: &ids, to: &core.pointee, in: transaction)
    }

    /// Appends an event exactly as another log stored it (an exported line, checked by the
    /// caller: the next sequence number, its bytes decoding to `stored.event`), and applies it.
    package func appendStored(_ stored: StoredEvent) throws {
        try engine.log.append(raw: stored.bytes, sequence: stored.event.sequence, in: transaction)
        core.pointee.isDirty = true
        core.pointee.apply(stored.event)
    }

    /// How many events the log holds, with what the batch appended so far.
    package func logCount() throws -> Int {
        try engine.log.count(in: transaction)
    }

    /// The sequence number of the log's last event, with what the batch appended so far.
    package func lastSequence() throws -> UInt64 {
        try engine.log.lastSequence(in: transaction)
    }

    /// Records that events `sequences` of `board` happened before they were recorded.
    public func recordBackdated(board: BoardID, sequences: ClosedRange<UInt64>) throws {
        try backdated.record(board: board, sequences: sequences, in: transaction)
    }
}
