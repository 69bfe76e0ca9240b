import KanbanCore

extension LogAppendError {
    /// Checks a batch for ``LogWriting/append(board:expectedHead:_:)`` as every store must:
    /// each entry's bytes are an event of `board`, and the positions increase. Throws the first
    /// mistake found; nothing is written before it passes.
    public static func check(_ events: [(position: UInt64, bytes: [UInt8])], board: BoardID) throws(LogAppendError) {
        var previous: UInt64?
        for (position, bytes) in events {
            guard let named = bytes.withUnsafeBytes({ EventCodec.peekEnvelope($0)?.board }) else {
                throw .notAnEvent(position: position)
            }
            guard named == board else { throw .wrongBoard(position: position, board: board, named: named) }
            if let previous, position <= previous { throw .positionsNotIncreasing(previous: previous, position: position) }
            previous = position
        }
    }
}
