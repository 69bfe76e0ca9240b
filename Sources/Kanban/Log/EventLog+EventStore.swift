import KanbanCore
import LMDBStorage

/// The LMDB log as an ``EventStore``: each call is one transaction of its own (a read, or a
/// durable write with the environment's options), over the methods that take one.
extension EventLog: EventStore {
    @discardableResult
    public func appendEncoded(_ events: some Collection<[UInt8]>) throws -> UInt64 {
        try environment.write { transaction in
            var sequence = try lastSequence(in: transaction)
            for value in events {
                sequence += 1
                try SequenceKey.withBytes(sequence) { key in
                    try value.withUnsafeBytes { bytes in
                        try transaction.put(bytes, forKey: key, in: database, flags: .append)
                    }
                }
            }
            return sequence
        }
    }

    public func forEachEncoded(after sequence: UInt64, _ body: (UInt64, UnsafeRawBufferPointer) throws -> Bool) throws {
        try environment.read { transaction in
            try forEachRaw(after: sequence, in: transaction, body)
        }
    }

    public func lastSequence() throws -> UInt64 {
        try environment.read { transaction in try lastSequence(in: transaction) }
    }

    public func count() throws -> Int {
        try environment.read { transaction in try count(in: transaction) }
    }
}
