import KanbanCore
import LMDBStorage

/// Answers remembered under idempotency keys: the named database `idempotency`, written in the
/// same transaction as the command it answers, so a retried request gets the first answer and
/// appends nothing — also after a restart, and also when the first request's reply was lost.
///
/// A key is the actor's name, a zero byte and the client's key (UTF-8). A value is:
/// i64 LE when it was remembered (milliseconds since 1970) · the answer's bytes, which the
/// engine does not read. An answer older than its lifetime counts as absent.
struct IdempotencyStore: Sendable {
    let database: Database

    /// The fewest answers one purge slice examines; a batch that remembers more examines four
    /// times as many as it remembers, so the purge always outpaces the growth.
    static let purgeSlice = 64

    /// Opens the store in `environment`, creating its database when missing.
    init(environment: Environment) throws {
        database = try environment.database(.idempotency)
    }

    /// The store's key for `key` sent by `actor`.
    static func storageKey(actor: String, key: String) -> [UInt8] {
        Array(actor.utf8) + [0] + Array(key.utf8)
    }

    /// The answer remembered under `key` at or after `notBefore`, or `nil`.
    func answer(for key: [UInt8], notBefore: Timestamp, in transaction: some Transaction) throws -> [UInt8]? {
        guard let value = try transaction.value(forKey: key, in: database), value.count >= 8 else { return nil }
        guard Self.time(of: value) >= notBefore.millisecondsSinceEpoch else { return nil }
        return Array(value[8...])
    }

    /// Remembers `answer` under `key`, as of `time`.
    func remember(_ answer: [UInt8], for key: [UInt8], at time: Timestamp, in transaction: WriteTransaction) throws {
        var value: [UInt8] = []
        value.reserveCapacity(8 + answer.count)
        withUnsafeBytes(of: time.millisecondsSinceEpoch.littleEndian) { value.append(contentsOf: $0) }
        value.append(contentsOf: answer)
        try transaction.put(value, forKey: key, in: database)
    }

    /// Examines at most `count` answers from key `start` on (from the first when `nil`) and
    /// deletes those remembered before `cutoff`: one bounded slice of a purge that goes round
    /// the whole store, a slice in each write transaction that remembers answers. Returns the
    /// key the next slice starts at (`nil` after the last answer: from the first again) and how
    /// many it deleted.
    func purgeSlice(from start: [UInt8]?, count: Int, before cutoff: Timestamp, in transaction: WriteTransaction) throws -> (next: [UInt8]?, deleted: Int) {
        var expired: [[UInt8]] = []
        var next: [UInt8]?
        try transaction.withCursor(on: database) { cursor in
            var entry = try start.map { key in try key.withUnsafeBytes { try cursor.seek(atLeast: $0) } } ?? cursor.first()
            var examined = 0
            while let current = entry {
                if examined == count {
                    next = Array(current.key)
                    return
                }
                if current.value.count < 8 || Self.time(of: current.value) < cutoff.millisecondsSinceEpoch {
                    expired.append(Array(current.key))
                }
                examined += 1
                entry = try cursor.next()
            }
        }
        for key in expired { try transaction.delete(forKey: key, in: database) }
        return (next, expired.count)
    }

    /// Every answer remembered at or after `notBefore`, with its actor and key; entries that
    /// are not an answer (no zero byte in the key, a value shorter than its time) are passed over.
    func all(notBefore: Timestamp, in transaction: some Transaction) throws -> [KeptAnswer] {
        var answers: [KeptAnswer] = []
        try transaction.withCursor(on: database) { cursor in
            var entry = try cursor.first()
            while let current = entry {
                if current.value.count >= 8, let zero = current.key.firstIndex(of: 0), Self.time(of: current.value) >= notBefore.millisecondsSinceEpoch {
                    answers.append(KeptAnswer(
                        board: SharedWrite.answersBoard,
                        actor: String(decoding: current.key[..<zero], as: UTF8.self),
                        key: String(decoding: current.key[(zero + 1)...], as: UTF8.self),
                        time: Timestamp(millisecondsSinceEpoch: Self.time(of: current.value)),
                        bytes: Array(current.value.dropFirst(8))
                    ))
                }
                entry = try cursor.next()
            }
        }
        return answers
    }

    private static func time(of value: some Collection<UInt8>) -> Int64 {
        var time: Int64 = 0
        for (shift, byte) in value.prefix(8).enumerated() { time |= Int64(byte) << (8 * shift) }
        return time
    }
}
