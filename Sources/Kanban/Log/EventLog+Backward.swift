import KanbanCore
import LMDBStorage

extension EventLog {
    /// Calls `body` with the sequence number and raw bytes of every event, newest first, until it
    /// returns `false`. The bytes point into the map: valid only inside `body`.
    public func forEachRawBackward(
        in transaction: some Transaction,
        _ body: (UInt64, UnsafeRawBufferPointer) throws -> Bool
    ) throws {
        try transaction.withCursor(on: database) { cursor in
            var entry = try cursor.last()
            while let current = entry {
                guard try body(try EventLog.sequence(of: current), current.value) else { return }
                entry = try cursor.previous()
            }
        }
    }
}
