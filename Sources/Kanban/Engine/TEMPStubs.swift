import KanbanCore
import LMDBStorage

// TEMPORARY until the validtime branch merges.
struct BackdatedRanges {
    func record(board: BoardID, sequences: ClosedRange<UInt64>, in transaction: WriteTransaction) throws {}
}
extension KanbanEngine {
    func backdatedRanges() throws -> BackdatedRanges { BackdatedRanges() }
    func append(
        _ events: [BoardEvent], actor: String, at moment: Timestamp, happenedAt: Timestamp?,
        ids: inout some RandomNumberGenerator, to core: inout EngineCore, in transaction: WriteTransaction
    ) throws -> [RecordedEvent] {
        try append(events, actor: actor, at: moment, ids: &ids, to: &core, in: transaction)
    }
}
extension RecordedEvent {
    var validTime: Timestamp { timestamp }
}
