import LMDBStorage

/// Where each syncing client stands: the named database `sync`, written in the same write
/// transaction as the events of the mutations it records, so a mutation is applied exactly
/// once — across retries, lost answers and restarts. Nothing in it expires.
///
/// Keys, and values:
/// - `0x01` · client id (UTF-8) → u64 little-endian: the client's last mutation decided;
/// - `0x02` · client id · `0x00` · u64 big-endian mutation id → a refusal: one byte (1 when
///   someone else's change stood in the way) · the reason (UTF-8);
/// - `0x03` · client id · `0x00` · u64 big-endian mutation id → the mutation's digest
///   (``Mutation/digest``): a later push of the same id with other content is a copied client's
///   own change, not a retry. Mutations decided before digests were kept have none;
/// - `0x04` · client id → the actor who first pushed under it (UTF-8): on a server with tokens,
///   only that actor may push, pull or listen as the client.
struct SyncStore: Sendable {
    let database: Database?

    private static let positionTag: UInt8 = 0x01
    private static let refusalTag: UInt8 = 0x02
    private static let digestTag: UInt8 = 0x03
    private static let ownerTag: UInt8 = 0x04

    /// Opens the store in `environment`, creating its database when missing.
    init(environment: Environment) throws {
        database = try environment.database(.sync)
    }

    /// Opens the store when its database exists, without making it; when it does not, no
    /// client has synced.
    init(existingIn environment: Environment) throws {
        database = try environment.existingDatabase(.sync)
    }

    /// The last mutation of `client` decided, 0 before its first.
    func lastMutationID(of client: String, in transaction: some Transaction) throws -> UInt64 {
        guard let database, let value = try transaction.value(forKey: Self.positionKey(client), in: database), value.count == 8 else { return 0 }
        return value.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    /// Records that `client` has had mutation `id` decided, and why it was refused if it was.
    func record(_ id: UInt64, of client: String, refusal: Refusal?, in transaction: WriteTransaction) throws {
        guard let database else { throw LMDBError.notFound }
        try transaction.put(withUnsafeBytes(of: id.littleEndian, Array.init), forKey: Self.positionKey(client), in: database)
        if let refusal {
            try transaction.put([refusal.isConflict ? 1 : 0] + Array(refusal.reason.utf8), forKey: Self.refusalKey(client, id), in: database)
        }
    }

    /// Records the digest of `client`'s mutation `id`, and `actor` as the client's owner when
    /// it has none (with `actor` `nil`, the digest alone).
    func record(digest: [UInt8], of id: UInt64, client: String, actor: String?, in transaction: WriteTransaction) throws {
        guard let database else { throw LMDBError.notFound }
        try transaction.put(digest, forKey: Self.mutationKey(Self.digestTag, client, id), in: database)
        if let actor { try claim(client, for: actor, in: transaction) }
    }

    /// Records `actor` as `client`'s owner, unless it has one.
    func claim(_ client: String, for actor: String, in transaction: WriteTransaction) throws {
        guard let database else { throw LMDBError.notFound }
        if try owner(of: client, in: transaction) == nil {
            try transaction.put(Array(actor.utf8), forKey: Self.ownerKey(client), in: database)
        }
    }

    /// The digest kept for `client`'s mutation `id`; `nil` when none was (decided before digests
    /// were kept, or on a node that did not keep it).
    func digest(of id: UInt64, client: String, in transaction: some Transaction) throws -> [UInt8]? {
        guard let database else { return nil }
        return try transaction.value(forKey: Self.mutationKey(Self.digestTag, client, id), in: database)
    }

    /// Every digest kept for `client`'s mutations, by id.
    func digests(of client: String, in transaction: some Transaction) throws -> [UInt64: [UInt8]] {
        guard let database else { return [:] }
        let prefix = Self.mutationKey(Self.digestTag, client, nil)
        var digests: [UInt64: [UInt8]] = [:]
        try transaction.withCursor(on: database) { cursor in
            var entry = try prefix.withUnsafeBytes { try cursor.seek(atLeast: $0) }
            while let current = entry, current.key.count == prefix.count + 8, current.key.starts(with: prefix) {
                digests[current.key.suffix(8).reduce(0) { $0 << 8 | UInt64($1) }] = Array(current.value)
                entry = try cursor.next()
            }
        }
        return digests
    }

    /// The actor who first pushed as `client`; `nil` before its first push (or when it was
    /// decided before owners were kept).
    func owner(of client: String, in transaction: some Transaction) throws -> String? {
        guard let database, let value = try transaction.value(forKey: Self.ownerKey(client), in: database) else { return nil }
        return String(decoding: value, as: UTF8.self)
    }

    /// The refusals of `client` after mutation `after`, oldest first, at most `limit`.
    func refusals(of client: String, after: UInt64, limit: Int, in transaction: some Transaction) throws -> [Refusal] {
        guard let database, limit > 0, after < .max else { return [] }
        let prefix = Self.refusalKey(client, nil)
        let start = Self.refusalKey(client, after + 1)
        var refusals: [Refusal] = []
        try transaction.withCursor(on: database) { cursor in
            var entry = try start.withUnsafeBytes { try cursor.seek(atLeast: $0) }
            while let current = entry, current.key.count == prefix.count + 8, current.key.starts(with: prefix), refusals.count < limit {
                let id = current.key.suffix(8).reduce(0) { $0 << 8 | UInt64($1) }
                let reason = String(decoding: current.value.dropFirst(), as: UTF8.self)
                refusals.append(Refusal(id: id, reason: reason, isConflict: current.value.first == 1))
                entry = try cursor.next()
            }
        }
        return refusals
    }

    /// Every client that recorded a mutation, with its last one.
    func clients(in transaction: some Transaction) throws -> [String: UInt64] {
        guard let database else { return [:] }
        var clients: [String: UInt64] = [:]
        try transaction.withCursor(on: database) { cursor in
            var entry = try [Self.positionTag].withUnsafeBytes { try cursor.seek(atLeast: $0) }
            while let current = entry, current.key.first == Self.positionTag {
                if current.value.count == 8 {
                    let client = String(decoding: current.key.dropFirst(), as: UTF8.self)
                    clients[client] = current.value.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
                }
                entry = try cursor.next()
            }
        }
        return clients
    }

    private static func positionKey(_ client: String) -> [UInt8] {
        [positionTag] + Array(client.utf8)
    }

    private static func ownerKey(_ client: String) -> [UInt8] {
        [ownerTag] + Array(client.utf8)
    }

    /// The key of `client`'s refusal `id`; without an id, the prefix of all of them.
    private static func refusalKey(_ client: String, _ id: UInt64?) -> [UInt8] {
        mutationKey(refusalTag, client, id)
    }

    /// `tag` · `client` · 0 · `id` (big-endian); without an id, the prefix of all of them.
    private static func mutationKey(_ tag: UInt8, _ client: String, _ id: UInt64?) -> [UInt8] {
        var key = [tag] + Array(client.utf8) + [0]
        if let id { withUnsafeBytes(of: id.bigEndian) { key.append(contentsOf: $0) } }
        return key
    }
}
