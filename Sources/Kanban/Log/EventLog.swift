import KanbanCore
import LMDBStorage

/// The append-only event log: the named database `events` of an LMDB environment, keyed by
/// sequence number (see ``SequenceKey``), valued by ``EventCodec``'s binary form.
///
/// `mdb_stat -s events DIR` counts its events; `mdb_dump -s events DIR` shows them raw.
public struct EventLog: Sendable {
    /// The environment holding the log.
    public let environment: Environment
    /// The `events` database.
    public let database: Database

    /// Opens the log in `environment`, creating the database when missing.
    public init(environment: Environment) throws {
        self.environment = environment
        database = try environment.database(.events)
    }

    /// The sequence number of the last event, 0 for an empty log.
    public func lastSequence(in transaction: some Transaction) throws -> UInt64 {
        try transaction.withCursor(on: database) { cursor in
            guard let entry = try cursor.last() else { return 0 }
            return try EventLog.sequence(of: entry)
        }
    }

    /// The number of events in the log.
    public func count(in transaction: some Transaction) throws -> Int {
        try transaction.statistics(of: database).entries
    }

    /// Appends `event` under its sequence number, which must follow the last one.
    public func append(_ event: RecordedEvent, in transaction: WriteTransaction) throws {
        let value = EventCodec.encode(event)
        try SequenceKey.withBytes(event.sequence) { key in
            try value.withUnsafeBytes { bytes in
                try transaction.put(bytes, forKey: key, in: database, flags: .append)
            }
        }
    }

    /// Removes the events after `sequence` (a node's cache cut back to its shared log's
    /// prefix: the only way an event ever leaves a log). Returns how many.
    @discardableResult
    public func removeAll(after sequence: UInt64, in transaction: WriteTransaction) throws -> Int {
        var sequences: [UInt64] = []
        try forEachRaw(after: sequence, in: transaction) { position, _ in
            sequences.append(position)
            return true
        }
        for position in sequences {
            _ = try SequenceKey.withBytes(position) { try transaction.delete(forKey: Array($0), in: database) }
        }
        return sequences.count
    }

    /// The event with sequence number `sequence`, or `nil` when there is none.
    public func event(at sequence: UInt64, in transaction: some Transaction) throws -> RecordedEvent? {
        try SequenceKey.withBytes(sequence) { key in
            try transaction.withValue(forKey: key, in: database) { bytes in try EventLog.decode(bytes, sequence: sequence) }
        }
    }

    /// The timestamp of event `sequence`, read from its envelope alone.
    public func timestamp(at sequence: UInt64, in transaction: some Transaction) throws -> Timestamp? {
        try SequenceKey.withBytes(sequence) { key in
            try transaction.withValue(forKey: key, in: database) { bytes in
                guard let timestamp = EventCodec.peekTimestamp(bytes) else {
                    throw KanbanError.corruptEvent(sequence: sequence, reason: "the head of the event (\(bytes.count) bytes) does not decode")
                }
                return timestamp
            }
        }
    }

    /// When event `sequence` happened (``KanbanCore/RecordedEvent/validTime``), read from its
    /// envelope and trailer alone.
    public func validTime(at sequence: UInt64, in transaction: some Transaction) throws -> Timestamp? {
        try SequenceKey.withBytes(sequence) { key in
            try transaction.withValue(forKey: key, in: database) { bytes in
                guard let head = EventCodec.peekEnvelope(bytes) else {
                    throw KanbanError.corruptEvent(sequence: sequence, reason: "the head of the event (\(bytes.count) bytes) does not decode")
                }
                return head.validTime
            }
        }
    }

    /// Calls `body` with every event after `sequence`, in order, until it returns `false`.
    /// An event that fails to decode throws ``KanbanError/corruptEvent(sequence:reason:)``.
    public func forEach(
        after sequence: UInt64,
        in transaction: some Transaction,
        _ body: (RecordedEvent) throws -> Bool
    ) throws {
        try forEachRaw(after: sequence, in: transaction) { sequence, bytes in
            try body(try EventLog.decode(bytes, sequence: sequence))
        }
    }

    /// Decodes the value stored under `sequence`; a value that does not decode throws
    /// ``KanbanError/corruptEvent(sequence:reason:)``, naming the event.
    public static func decode(_ bytes: UnsafeRawBufferPointer, sequence: UInt64) throws(KanbanError) -> RecordedEvent {
        do throws(EventDecodingError) {
            return try EventCodec.decode(bytes, sequence: sequence)
        } catch {
            throw .corruptEvent(sequence: sequence, reason: error.description)
        }
    }

    /// Calls `body` with the sequence number and raw bytes of every event after `sequence`.
    /// The bytes point into the map: valid until `transaction` ends or next writes.
    public func forEachRaw(
        after sequence: UInt64,
        in transaction: some Transaction,
        _ body: (UInt64, UnsafeRawBufferPointer) throws -> Bool
    ) throws {
        try transaction.withCursor(on: database) { cursor in
            var entry = try SequenceKey.withBytes(sequence &+ 1) { try cursor.seek(atLeast: $0) }
            if sequence == .max { entry = nil }
            while let current = entry {
                guard try body(try EventLog.sequence(of: current), current.value) else { return }
                entry = try cursor.next()
            }
        }
    }

    /// The sequence number an entry's key holds; a key that is not one is a corrupt event.
    static func sequence(of entry: Entry) throws -> UInt64 {
        guard let sequence = SequenceKey.sequence(from: entry.key) else {
            throw KanbanError.corruptEvent(sequence: 0, reason: "a key of \(entry.key.count) bytes is not a sequence number")
        }
        return sequence
    }
}
