import LMDBStorage

/// Where each syncing client stands: the named database `sync`, written in the same write
/// transaction as the events of the mutations it records, so a mutation is applied exactly
/// once — across retries, lost answers and restarts. Nothing in it expires.
///
/// Keys, and values:
/// - `0x01` · client id (UTF-8) → u64 little-endian: the client's last mutation decided;
/// - `0x02` · client id · `0x00` · u64 big-endian mutation id → a refusal: one byte (1 when
///   someone else's change stood in the way) · the reason (UTF-8).
struct SyncStore: Sendable {
    let database: Database?

    /// The name of the database that holds the clients' positions.
    static let databaseName = "sync"
    private static let positionTag: UInt8 = 0x01
    private static let refusalTag: UInt8 = 0x02

    /// Opens the store in `environment`, creating its database when missing.
    init(environment: Environment) throws {
        database = try environment.database(named: SyncStore.databaseName)
    }

    /// Opens the store when its database exists, without making it; when it does not, no
    /// client has synced.
    init(existingIn environment: Environment) throws {
        database = try environment.existingDatabase(named: SyncStore.databaseName)
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

    /// The key of `client`'s refusal `id`; without an id, the prefix of all of them.
    private static func refusalKey(_ client: String, _ id: UInt64?) -> [UInt8] {
        var key = [refusalTag] + Array(client.utf8) + [0]
        if let id { withUnsafeBytes(of: id.bigEndian) { key.append(contentsOf: $0) } }
        return key
    }
}
