import Foundation
import Kanban
import LMDBStorage

/// What makes a database a replica: the named database `replica` in its own environment,
/// beside the copy of the origin's log (which only pulled events ever extend).
///
/// Keys, and values:
/// - `0x00` · `origin` → the origin's URL (UTF-8); `0x00` · `client` → this replica's client id;
///   `0x00` · `next` → u64 little-endian: the number the next queued mutation gets;
///   `0x00` · `former` → the client ids this replica synced as before (one a line, oldest
///   first), absent until a copy of it was found to use the same one (``switchClient(from:to:)``);
/// - `0x01` · u64 big-endian mutation id → a pending mutation (``PendingMutation`` as JSON);
/// - `0x02` · u64 big-endian mutation id → a refused one (``RefusedMutation`` as JSON);
/// - `0x00` · `pending-view` → the state with the queue applied, as a read last found it, and
///   what it was found from (``PendingView``): a cache, absent until a read made it.
struct ReplicaStore: Sendable {
    let environment: Environment
    let database: Database

    private static let originKey = Array("\u{0}origin".utf8)
    private static let clientKey = Array("\u{0}client".utf8)
    private static let nextKey = Array("\u{0}next".utf8)
    private static let formerClientsKey = Array("\u{0}former".utf8)
    private static let pendingViewKey = Array("\u{0}pending-view".utf8)
    private static let pendingTag: UInt8 = 0x01
    private static let refusedTag: UInt8 = 0x02

    /// The store of `environment` when it is a replica's (its database exists), else `nil`.
    static func existing(in environment: Environment) throws -> ReplicaStore? {
        guard let database = try environment.existingDatabase(.replica) else { return nil }
        let store = ReplicaStore(environment: environment, database: database)
        return try store.origin() == nil ? nil : store
    }

    /// Makes the store, recording `origin` and `client`, in one write transaction.
    static func create(in environment: Environment, origin: String, client: String) throws -> ReplicaStore {
        let store = ReplicaStore(environment: environment, database: try environment.database(.replica))
        try environment.write { transaction in
            try transaction.put(Array(origin.utf8), forKey: originKey, in: store.database)
            try transaction.put(Array(client.utf8), forKey: clientKey, in: store.database)
            try transaction.put(Self.bytes(1), forKey: nextKey, in: store.database)
        }
        return store
    }

    /// The origin's URL.
    func origin() throws -> String? {
        try environment.read { try $0.value(forKey: Self.originKey, in: database) }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// This replica's client id.
    func client() throws -> String {
        try environment.read { try $0.value(forKey: Self.clientKey, in: database) }.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Queues the mutation `make` builds from the next number, and counts it, in one write
    /// transaction (so two processes queueing at once get different numbers).
    func enqueue(_ make: (UInt64) throws -> PendingMutation) throws -> PendingMutation {
        try environment.write { transaction in
            let next = try transaction.value(forKey: Self.nextKey, in: database).flatMap(Self.number) ?? 1
            let pending = try make(next)
            try transaction.put(try Self.encoded(pending), forKey: Self.key(Self.pendingTag, next), in: database)
            try transaction.put(Self.bytes(next + 1), forKey: Self.nextKey, in: database)
            return pending
        }
    }

    /// The pending mutations, oldest first.
    func pending() throws -> [PendingMutation] {
        try entries(Self.pendingTag, as: PendingMutation.self)
    }

    /// How many mutations are pending, without reading them: the database's entries less the
    /// settings and the refused ones (few), so a queue of 10,000 costs what an empty one does.
    func pendingCount() throws -> Int {
        try environment.read { try pendingCount(in: $0) }
    }

    /// ``pendingCount()`` in `transaction`.
    func pendingCount(in transaction: some Transaction) throws -> Int {
        let total = Int(try transaction.statistics(of: database).entries)
        let others = try transaction.withCursor(on: database) { cursor in
            var count = 0
            var entry = try cursor.first()
            while let current = entry, current.key.first.map({ $0 < Self.pendingTag }) ?? true {
                count += 1
                entry = try cursor.next()
            }
            entry = try [Self.pendingTag + 1].withUnsafeBytes { try cursor.seek(atLeast: $0) }
            while entry != nil {
                count += 1
                entry = try cursor.next()
            }
            return count
        }
        return total - others
    }

    /// This replica's client id, in `transaction`.
    func client(in transaction: some Transaction) throws -> String {
        try transaction.value(forKey: Self.clientKey, in: database).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The pending mutations numbered after `id`, oldest first: their numbers and stored JSON.
    func pendingEntries(after id: UInt64, in transaction: some Transaction) throws -> [(id: UInt64, bytes: [UInt8])] {
        guard id < .max else { return [] }
        return try transaction.withCursor(on: database) { cursor in
            var found: [(id: UInt64, bytes: [UInt8])] = []
            var entry = try Self.key(Self.pendingTag, id + 1).withUnsafeBytes { try cursor.seek(atLeast: $0) }
            while let current = entry, current.key.first == Self.pendingTag {
                if current.key.count == 9 {
                    found.append((UInt64(bigEndian: current.key.loadUnaligned(fromByteOffset: 1, as: UInt64.self)), Array(current.value)))
                }
                entry = try cursor.next()
            }
            return found
        }
    }

    /// Calls `body` with the stored pending view's bytes (valid only inside it), or returns
    /// `nil` when there is none.
    func withPendingView<Result>(in transaction: some Transaction, _ body: (UnsafeRawBufferPointer) throws -> Result) throws -> Result? {
        try Self.pendingViewKey.withUnsafeBytes { key in try transaction.withValue(forKey: key, in: database, body) }
    }

    /// Stores `bytes` as the pending view, in one write transaction.
    func savePendingView(_ bytes: [UInt8]) throws {
        try environment.write { transaction in
            try transaction.put(bytes, forKey: Self.pendingViewKey, in: database)
        }
    }

    /// Drops the pending view, in one write transaction.
    func dropPendingView() throws {
        try environment.write { try dropPendingView(in: $0) }
    }

    /// Drops the pending view, in `transaction`: what changes the queue other than by
    /// appending to it calls this (a read would find the view stale anyway, ``PendingView``).
    private func dropPendingView(in transaction: WriteTransaction) throws {
        _ = try transaction.delete(forKey: Self.pendingViewKey, in: database)
    }

    /// The refused mutations, oldest first.
    func refused() throws -> [RefusedMutation] {
        try entries(Self.refusedTag, as: RefusedMutation.self)
    }

    /// Takes the decided mutations out of the outbox, keeping the refused ones with their
    /// reasons, in one write transaction.
    func settle(decided: [UInt64], refused: [RefusedMutation]) throws {
        try environment.write { transaction in
            try dropPendingView(in: transaction)
            for id in decided { _ = try transaction.delete(forKey: Self.key(Self.pendingTag, id), in: database) }
            for refusal in refused {
                let id = refusal.pending.mutation.id
                _ = try transaction.delete(forKey: Self.key(Self.pendingTag, id), in: database)
                // A refusal kept from before the client id changed may hold this number: it moves
                // to one no change has, rather than being overwritten.
                if let earlier = try transaction.value(forKey: Self.key(Self.refusedTag, id), in: database) {
                    let free = max(try lastNumber(Self.refusedTag, in: transaction) + 1, try transaction.value(forKey: Self.nextKey, in: database).flatMap(Self.number) ?? 1)
                    try transaction.put(earlier, forKey: Self.key(Self.refusedTag, free), in: database)
                }
                try transaction.put(try Self.encoded(refusal), forKey: Self.key(Self.refusedTag, id), in: database)
            }
        }
    }

    /// Takes refused mutation `id` off the refused list and, with `requeue`, queues its change
    /// again under the next number without `since` (so it applies anyway), in one write
    /// transaction. The change queued, `nil` when it was only discarded; throws
    /// ``ReplicaError/noSuchRefusal(_:)`` when no refused mutation has that number.
    func resolveRefused(_ id: UInt64, requeue: Bool) throws -> PendingMutation? {
        try environment.write { transaction in
            guard let bytes = try transaction.value(forKey: Self.key(Self.refusedTag, id), in: database),
                  let refused = try? JSONDecoder().decode(RefusedMutation.self, from: Data(bytes))
            else { throw ReplicaError.noSuchRefusal(id) }
            _ = try transaction.delete(forKey: Self.key(Self.refusedTag, id), in: database)
            guard requeue else { return nil }
            let next = try transaction.value(forKey: Self.nextKey, in: database).flatMap(Self.number) ?? 1
            var again = refused.pending
            again.mutation.id = next
            again.mutation.since = nil
            try transaction.put(try Self.encoded(again), forKey: Self.key(Self.pendingTag, next), in: database)
            try transaction.put(Self.bytes(next + 1), forKey: Self.nextKey, in: database)
            return again
        }
    }

    /// The number the next queued mutation gets, at least 1.
    func nextNumber() throws -> UInt64 {
        max(try environment.read { try $0.value(forKey: Self.nextKey, in: database) }.flatMap(Self.number) ?? 1, 1)
    }

    /// The client ids this replica synced as before, oldest first.
    func formerClients() throws -> [String] {
        let text = try environment.read { try $0.value(forKey: Self.formerClientsKey, in: database) }.map { String(decoding: $0, as: UTF8.self) }
        return text?.split(separator: "\n").map(String.init) ?? []
    }

    /// Makes `new` this replica's client id in place of `old`, and renumbers the pending
    /// mutations 1, 2, 3… in their order (a new client's first mutation is 1), in one write
    /// transaction; `old` is kept in the list of former ids. Returns how many were
    /// renumbered, or `nil` when the client id is no longer `old` (another process switched it).
    /// Refused mutations keep their numbers: they are local, and renumbered when queued again.
    func switchClient(from old: String, to new: String) throws -> Int? {
        try environment.write { transaction in
            let current = try transaction.value(forKey: Self.clientKey, in: database).map { String(decoding: $0, as: UTF8.self) }
            guard current == old else { return nil }
            try dropPendingView(in: transaction)
            let pending = try entries(Self.pendingTag, in: transaction)
            for (oldID, _) in pending { _ = try transaction.delete(forKey: Self.key(Self.pendingTag, oldID), in: database) }
            var number: UInt64 = 0
            for (_, bytes) in pending {
                var mutation = try JSONDecoder().decode(PendingMutation.self, from: Data(bytes))
                number += 1
                mutation.mutation.id = number
                try transaction.put(try Self.encoded(mutation), forKey: Self.key(Self.pendingTag, number), in: database)
            }
            try transaction.put(Self.bytes(number + 1), forKey: Self.nextKey, in: database)
            try transaction.put(Array(new.utf8), forKey: Self.clientKey, in: database)
            let former = try transaction.value(forKey: Self.formerClientsKey, in: database) ?? []
            try transaction.put(former + Array((former.isEmpty ? "" : "\n").utf8) + Array(old.utf8), forKey: Self.formerClientsKey, in: database)
            return pending.count
        }
    }

    /// The highest number of an entry tagged `tag`, 0 when there is none.
    private func lastNumber(_ tag: UInt8, in transaction: some Transaction) throws -> UInt64 {
        try transaction.withCursor(on: database) { cursor in
            // The first key after the tag's range, then one back.
            var entry = try [tag + 1].withUnsafeBytes { try cursor.seek(atLeast: $0) }
            if entry == nil { entry = try cursor.last() } else { entry = try cursor.previous() }
            guard let found = entry, found.key.first == tag, found.key.count == 9 else { return 0 }
            return UInt64(bigEndian: found.key.loadUnaligned(fromByteOffset: 1, as: UInt64.self))
        }
    }

    /// The entries tagged `tag`, in order: their numbers and values.
    private func entries(_ tag: UInt8, in transaction: some Transaction) throws -> [(UInt64, [UInt8])] {
        try transaction.withCursor(on: database) { cursor in
            var found: [(UInt64, [UInt8])] = []
            var entry = try [tag].withUnsafeBytes { try cursor.seek(atLeast: $0) }
            while let current = entry, current.key.first == tag {
                if current.key.count == 9 {
                    found.append((UInt64(bigEndian: current.key.loadUnaligned(fromByteOffset: 1, as: UInt64.self)), Array(current.value)))
                }
                entry = try cursor.next()
            }
            return found
        }
    }

    private func entries<Value: Decodable>(_ tag: UInt8, as type: Value.Type) throws -> [Value] {
        let values: [[UInt8]] = try environment.read { transaction in
            var values: [[UInt8]] = []
            try transaction.withCursor(on: database) { cursor in
                var entry = try [tag].withUnsafeBytes { try cursor.seek(atLeast: $0) }
                while let current = entry, current.key.first == tag {
                    values.append(Array(current.value))
                    entry = try cursor.next()
                }
            }
            return values
        }
        return try values.map { try JSONDecoder().decode(Value.self, from: Data($0)) }
    }

    /// `value` as compact JSON, keys sorted.
    private static func encoded(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    private static func key(_ tag: UInt8, _ id: UInt64) -> [UInt8] {
        [tag] + withUnsafeBytes(of: id.bigEndian, Array.init)
    }

    private static func bytes(_ number: UInt64) -> [UInt8] {
        withUnsafeBytes(of: number.littleEndian, Array.init)
    }

    private static func number(_ bytes: [UInt8]) -> UInt64? {
        guard bytes.count == 8 else { return nil }
        return bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }
}
