import KanbanCore

/// What a ``LogStore`` can be asked inside one write: reads see the write's own appends.
///
/// Only the append with an expected head for now; remembering idempotency answers, recording
/// sync mutations and saving snapshots join in a later increment, with the engine on this seam.
public protocol LogWriting: LogReading {
    /// Appends `events` (positions and ``KanbanCore/EventCodec`` bytes, kept verbatim) to
    /// `board`, whose head must be `expectedHead` (0 for a board with no events yet); they get
    /// the `seq`s after it. Positions must increase, start above every position of the board
    /// (on LMDB: be the log's next ones, gapless), and each event's bytes must name `board`.
    /// Returns the board's new head.
    ///
    /// A moved head or a taken position throws ``LogConflict``; bad input throws
    /// ``LogAppendError``. Either way the whole write keeps nothing.
    @discardableResult
    func append(board: BoardID, expectedHead: UInt64, _ events: [(position: UInt64, bytes: [UInt8])]) throws -> UInt64
}
