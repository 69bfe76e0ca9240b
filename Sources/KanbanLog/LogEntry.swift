import KanbanCore

/// One event as a ``LogStore`` keeps it: where it sits in the log and its stored bytes.
///
/// `position` is the event's ``KanbanCore/RecordedEvent/sequence``: unique in the log and
/// increasing within a board (on LMDB also gapless and global: 1, 2, 3, …). `seq` is its
/// ordinal on its board (1, 2, 3, … gapless), the order every store keeps per board.
public struct LogEntry: Sendable, Equatable {
    /// The event's place in the whole log (its sequence number).
    public var position: UInt64
    /// The board the event belongs to (the one its bytes name).
    public var board: BoardID
    /// The event's ordinal on its board, from 1.
    public var seq: UInt64
    /// The ``KanbanCore/EventCodec`` bytes, verbatim (any format version).
    public var bytes: [UInt8]

    /// An entry with these fields.
    public init(position: UInt64, board: BoardID, seq: UInt64, bytes: [UInt8]) {
        self.position = position
        self.board = board
        self.seq = seq
        self.bytes = bytes
    }
}
