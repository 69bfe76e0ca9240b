import KanbanCore

/// An event as ``HistoryIndex`` lists it: where it is in the log, its kind tag and, for an
/// event indexed under a card, its board.
struct IndexedEvent: Sendable, Equatable {
    var sequence: UInt64
    var kind: UInt8
    var board: BoardID?
}
