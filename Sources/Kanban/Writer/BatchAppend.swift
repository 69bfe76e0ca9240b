import KanbanCore
import LMDBStorage

/// One write transaction that appends many decisions, each decided on the state the ones
/// before it left: the door an importer takes to the write side (``KanbanEngine/appendBatch(_:)``),
/// besides the writer thread that carries out commands. Valid only inside the call that hands it out.
package struct BatchAppend {
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
    package var state: KanbanState { core.pointee.state }

    /// Builds the state's order index, which deciding needs.
    package func buildOrderIndex() {
        core.pointee.state.buildOrderIndex()
    }

    /// The events `command`, by `actor`, decides on `deciding` (its order index built; default:
    /// the batch's state, its index built first).
    package mutating func decide(_ command: Command, actor: String, on deciding: KanbanState? = nil) throws -> [BoardEvent] {
        if deciding == nil { buildOrderIndex() }
        return try engine.decide(command, actor: actor, state: deciding ?? state, ids: &ids, backdated: backdated, in: transaction).events
    }

    /// Appends `events` by `actor`, stamped ``now``, that happened at `happenedAt` (for a history
    /// recorded after the fact: then also ``recordBackdated(board:sequences:)``), and applies them.
    package mutating func append(_ events: [BoardEvent], actor: String, happenedAt: Timestamp? = nil) throws -> [RecordedEvent] {
        try engine.append(events, actor: actor, at: now, happenedAt: happenedAt, ids: &ids, to: &core.pointee, in: transaction)
    }

    /// Records that events `sequences` of `board` happened before they were recorded.
    package func recordBackdated(board: BoardID, sequences: ClosedRange<UInt64>) throws {
        try backdated.record(board: board, sequences: sequences, in: transaction)
    }
}
