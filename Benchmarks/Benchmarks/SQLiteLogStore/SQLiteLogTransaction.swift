import Foundation
import GRDB
import GRDBSQLite
import Kanban
import KanbanCore

/// ``Kanban/LogWriting`` (and reading) inside one transaction of a ``SQLiteLogStore``: events,
/// heads, idempotency answers, sync positions and backdated ranges in one SQLite transaction.
///
/// The event loops (``forEachStored(after:_:)``, the entries, ``append(board:expectedHead:_:)``)
/// step SQLite's C API on GRDB's cached statements; the rest goes through GRDB's rows, whose
/// `decode` throws on a value of the wrong type rather than trapping. Every value read back is
/// checked (a position, `seq`, head or mutation id below 0, a board not 16 bytes long): the file
/// may hold anything.
final class SQLiteLogTransaction: LogWriting {
    private let db: Database
    /// The log's last position before this transaction's first append or claim.
    private var start: UInt64?

    init(_ db: Database) {
        self.db = db
    }

    // MARK: Events

    func lastPosition() throws -> UInt64 {
        let last = try Int64.fetchOne(try db.cachedStatement(sql: "SELECT position FROM events ORDER BY position DESC LIMIT 1"))
        return try Self.unsigned(last ?? 0, "a position")
    }

    func heads() throws -> [BoardID: UInt64] {
        var heads: [BoardID: UInt64] = [:]
        // Every row, so that a head below 0 is found, not filtered out.
        for row in try Row.fetchAll(try db.cachedStatement(sql: "SELECT board, head FROM boards")) {
            let head = try Self.unsigned(try row.decode(Int64.self, atIndex: 1), "a head")
            if head > 0 { heads[try Self.board(try row.decode(Data.self, atIndex: 0))] = head }
        }
        return heads
    }

    /// A cursor over the rowid B-tree from `position + 1`; the blob is SQLite's own page
    /// buffer, valid until the next step.
    func forEachStored(after position: UInt64, _ body: (UInt64, UnsafeRawBufferPointer) throws -> Bool) throws {
        guard let after = Int64(exactly: position) else { return }
        let handle = try db.cachedStatement(sql: "SELECT position, value FROM events WHERE position > ? ORDER BY position").sqliteStatement
        sqlite3_bind_int64(handle, 1, after)
        try forEachRow(handle, "reading events") {
            let current = try Self.unsigned(sqlite3_column_int64(handle, 0), "a position")
            let base = sqlite3_column_blob(handle, 1) // before _bytes, as SQLite asks
            let count = Int(sqlite3_column_bytes(handle, 1))
            return try body(current, UnsafeRawBufferPointer(start: base, count: count))
        }
    }

    func forEach(after position: UInt64, _ body: (LogEntry) throws -> Bool) throws {
        guard let after = Int64(exactly: position) else { return }
        let handle = try db.cachedStatement(sql: "SELECT position, board, seq, value FROM events WHERE position > ? ORDER BY position").sqliteStatement
        sqlite3_bind_int64(handle, 1, after)
        try forEachRow(handle, "reading events") {
            let board = try Self.board(Self.blob(handle, 1))
            return try body(try Self.entry(handle, position: 0, board: board, seq: 2, value: 3))
        }
    }

    func forEach(board: BoardID, afterSeq seq: UInt64, _ body: (LogEntry) throws -> Bool) throws {
        guard let after = Int64(exactly: seq) else { return }
        let handle = try db.cachedStatement(sql: "SELECT position, seq, value FROM events WHERE board = ? AND seq > ? ORDER BY seq").sqliteStatement
        Self.bind(board, to: handle, at: 1)
        sqlite3_bind_int64(handle, 2, after)
        try forEachRow(handle, "reading board \(board)") {
            try body(try Self.entry(handle, position: 0, board: board, seq: 1, value: 2))
        }
    }

    /// Checks what LMDB checks (the input, the head, then a gapless continuation of the log),
    /// then inserts each event with one cached statement and moves the board's head.
    @discardableResult
    func append(board: BoardID, expectedHead: UInt64, _ events: [(position: UInt64, bytes: [UInt8])]) throws -> UInt64 {
        let last = try lastPosition()
        if start == nil { start = last }
        try LogAppendError.check(events, board: board)
        let head = try self.head(of: board)
        guard head == expectedHead else { throw LogConflict(movedHeads: [board: head]) }
        guard let first = events.first?.position else { return head }
        guard first > last else { throw LogConflict(stalePosition: first) }
        var expected = last + 1 // a rowid: at most Int64.max, so no overflow
        for (position, bytes) in events {
            guard position == expected else { throw LogAppendError.positionGap(expected: expected, position: position) }
            guard position <= UInt64(Int64.max) else { throw LogAppendError.positionOutOfRange(position) }
            guard bytes.count <= Int(Int32.max) else { throw SQLiteLogStoreError("the event at position \(position) is too large for SQLite") }
            expected += 1
        }
        let (newHead, overflow) = head.addingReportingOverflow(UInt64(events.count))
        guard !overflow, newHead <= UInt64(Int64.max) else { throw SQLiteLogStoreError("board \(board) holds a head of \(head), out of range") }

        let handle = try db.cachedStatement(sql: "INSERT INTO events (position, board, seq, value) VALUES (?, ?, ?, ?)").sqliteStatement
        defer { sqlite3_clear_bindings(handle) }
        Self.bind(board, to: handle, at: 2)
        var seq = head
        for (position, bytes) in events {
            seq += 1
            sqlite3_bind_int64(handle, 1, Int64(bitPattern: position)) // checked above
            sqlite3_bind_int64(handle, 3, Int64(bitPattern: seq)) // at most newHead
            let code = bytes.withUnsafeBytes { value in
                // SQLITE_STATIC (nil): the bytes outlive the step that reads them.
                if let base = value.baseAddress {
                    sqlite3_bind_blob(handle, 4, base, Int32(truncatingIfNeeded: value.count), nil)
                } else {
                    sqlite3_bind_zeroblob(handle, 4, 0)
                }
                return sqlite3_step(handle)
            }
            sqlite3_reset(handle)
            guard code == SQLITE_DONE else { throw error(code, "appending the event at position \(position)") }
        }
        try db.cachedStatement(sql: "INSERT INTO boards (board, head) VALUES (?, ?) ON CONFLICT (board) DO UPDATE SET head = excluded.head")
            .execute(arguments: [board.storedData, Int64(bitPattern: newHead)])
        return newHead
    }

    // MARK: Answers

    func rememberedAnswer(board: BoardID, actor: String, key: String, notBefore: Timestamp) throws -> [UInt8]? {
        let answer = try Data.fetchOne(
            try db.cachedStatement(sql: "SELECT answer FROM idempotency WHERE board = ? AND actor = ? AND key = ? AND remembered_at >= ?"),
            arguments: [board.storedData, actor, key, notBefore.millisecondsSinceEpoch]
        )
        return answer.map { [UInt8]($0) }
    }

    /// `INSERT … ON CONFLICT DO NOTHING`: no row inserted is the conflict (the write lock is
    /// held, so a key answered by another writer is one it committed). `coalesce`: an empty
    /// answer may bind as `NULL`, and is kept as an empty blob.
    func remember(answer: [UInt8], board: BoardID, actor: String, key: String, at time: Timestamp) throws {
        try db.cachedStatement(sql: """
            INSERT INTO idempotency (board, actor, key, remembered_at, answer) VALUES (?, ?, ?, ?, coalesce(?, x''))
            ON CONFLICT DO NOTHING
            """).execute(arguments: [board.storedData, actor, key, time.millisecondsSinceEpoch, Data(answer)])
        if db.changesCount == 0 { throw LogConflict(answered: AnswerKey(board: board, actor: actor, key: key)) }
    }

    func forgetAnswer(board: BoardID, actor: String, key: String) throws {
        try db.cachedStatement(sql: "DELETE FROM idempotency WHERE board = ? AND actor = ? AND key = ?")
            .execute(arguments: [board.storedData, actor, key])
    }

    /// Oldest first, through the `idempotency_age` index.
    @discardableResult
    func purgeAnswers(board: BoardID, rememberedBefore cutoff: Timestamp, limit: Int) throws -> Int {
        guard limit > 0 else { return 0 }
        try db.cachedStatement(sql: """
            DELETE FROM idempotency WHERE (board, actor, key) IN (
                SELECT board, actor, key FROM idempotency WHERE board = ? AND remembered_at < ? ORDER BY remembered_at LIMIT ?)
            """).execute(arguments: [board.storedData, cutoff.millisecondsSinceEpoch, limit])
        return db.changesCount
    }

    func answers(notBefore: Timestamp) throws -> [KeptAnswer] {
        let rows = try Row.fetchAll(
            try db.cachedStatement(sql: "SELECT board, actor, key, remembered_at, answer FROM idempotency WHERE remembered_at >= ?"),
            arguments: [notBefore.millisecondsSinceEpoch]
        )
        return try rows.map { row in
            KeptAnswer(
                board: try Self.board(try row.decode(Data.self, atIndex: 0)),
                actor: try row.decode(String.self, atIndex: 1),
                key: try row.decode(String.self, atIndex: 2),
                time: Timestamp(millisecondsSinceEpoch: try row.decode(Int64.self, atIndex: 3)),
                bytes: [UInt8](try row.decode(Data.self, atIndex: 4))
            )
        }
    }

    // MARK: Clients

    func lastMutationID(client: String) throws -> UInt64 {
        let last = try Int64.fetchOne(try db.cachedStatement(sql: "SELECT last_mutation FROM sync_clients WHERE client = ?"), arguments: [client])
        return try Self.unsigned(last ?? 0, "a mutation id")
    }

    func recordMutation(_ id: UInt64, client: String, refusal: Refusal?) throws {
        guard id > 0, let mutation = Int64(exactly: id) else { throw LogAppendError.mutationIDOutOfRange(id) }
        if let refusal, refusal.id != id { throw LogAppendError.refusalOfAnotherMutation(id: id, refusal: refusal.id) }
        let last = try lastMutationID(client: client)
        guard last == id - 1 else { throw LogConflict(movedClients: [client: last]) }
        try db.cachedStatement(sql: """
            INSERT INTO sync_clients (client, last_mutation) VALUES (?, ?) ON CONFLICT (client) DO UPDATE SET last_mutation = excluded.last_mutation
            """).execute(arguments: [client, mutation])
        if let refusal {
            try db.cachedStatement(sql: "INSERT INTO sync_refusals (client, mutation, is_conflict, reason) VALUES (?, ?, ?, ?)")
                .execute(arguments: [client, mutation, refusal.isConflict, refusal.reason])
        }
    }

    func refusals(client: String, after: UInt64, limit: Int) throws -> [Refusal] {
        guard limit > 0, let after = Int64(exactly: after) else { return [] }
        let rows = try Row.fetchAll(
            try db.cachedStatement(sql: """
                SELECT mutation, is_conflict, reason FROM sync_refusals WHERE client = ? AND mutation > ? ORDER BY mutation LIMIT ?
                """),
            arguments: [client, after, limit]
        )
        return try rows.map { row in
            Refusal(
                id: try Self.unsigned(try row.decode(Int64.self, atIndex: 0), "a mutation id"),
                reason: try row.decode(String.self, atIndex: 2),
                isConflict: try row.decode(Bool.self, atIndex: 1)
            )
        }
    }

    /// `coalesce`, as for answers: an empty digest is kept as an empty blob.
    func recordDigest(_ digest: [UInt8], mutation id: UInt64, client: String, actor: String) throws {
        guard id > 0, let mutation = Int64(exactly: id) else { throw LogAppendError.mutationIDOutOfRange(id) }
        try db.cachedStatement(sql: """
            INSERT INTO sync_digests (client, mutation, digest) VALUES (?, ?, coalesce(?, x''))
            ON CONFLICT (client, mutation) DO UPDATE SET digest = excluded.digest
            """).execute(arguments: [client, mutation, Data(digest)])
        try db.cachedStatement(sql: "INSERT INTO sync_owners (client, actor) VALUES (?, ?) ON CONFLICT DO NOTHING")
            .execute(arguments: [client, actor])
    }

    func mutationDigests(client: String, ids: [UInt64]) throws -> [UInt64: [UInt8]] {
        let select = try db.cachedStatement(sql: "SELECT digest FROM sync_digests WHERE client = ? AND mutation = ?")
        var digests: [UInt64: [UInt8]] = [:]
        for id in ids {
            guard let mutation = Int64(exactly: id) else { continue }
            if let digest = try Data.fetchOne(select, arguments: [client, mutation]) { digests[id] = [UInt8](digest) }
        }
        return digests
    }

    func mutationDigests(client: String) throws -> [UInt64: [UInt8]] {
        var digests: [UInt64: [UInt8]] = [:]
        for row in try Row.fetchAll(try db.cachedStatement(sql: "SELECT mutation, digest FROM sync_digests WHERE client = ?"), arguments: [client]) {
            digests[try Self.unsigned(try row.decode(Int64.self, atIndex: 0), "a mutation id")] = [UInt8](try row.decode(Data.self, atIndex: 1))
        }
        return digests
    }

    func owner(client: String) throws -> String? {
        try String.fetchOne(try db.cachedStatement(sql: "SELECT actor FROM sync_owners WHERE client = ?"), arguments: [client])
    }

    func clients() throws -> [String: UInt64] {
        var clients: [String: UInt64] = [:]
        for row in try Row.fetchAll(try db.cachedStatement(sql: "SELECT client, last_mutation FROM sync_clients")) {
            clients[try row.decode(String.self, atIndex: 0)] = try Self.unsigned(try row.decode(Int64.self, atIndex: 1), "a mutation id")
        }
        return clients
    }

    // MARK: Backdated ranges

    func backdatedRanges(after position: UInt64) throws -> [BackdatedRange] {
        guard let after = Int64(exactly: position) else { return [] }
        let rows = try Row.fetchAll(
            try db.cachedStatement(sql: "SELECT board, first_position, last_position FROM backdated WHERE first_position > ? ORDER BY first_position"),
            arguments: [after]
        )
        return try rows.map { row in
            let first = try Self.unsigned(try row.decode(Int64.self, atIndex: 1), "a position")
            let last = try Self.unsigned(try row.decode(Int64.self, atIndex: 2), "a position")
            guard first <= last else { throw SQLiteLogStoreError("the log holds a backdated range from \(first) to \(last), which ends before it starts") }
            return BackdatedRange(board: try Self.board(try row.decode(Data.self, atIndex: 0)), positions: first...last)
        }
    }

    func recordBackdated(_ range: BackdatedRange) throws {
        guard let first = Int64(exactly: range.positions.lowerBound) else { throw LogAppendError.positionOutOfRange(range.positions.lowerBound) }
        guard let last = Int64(exactly: range.positions.upperBound) else { throw LogAppendError.positionOutOfRange(range.positions.upperBound) }
        try db.cachedStatement(sql: """
            INSERT INTO backdated (board, first_position, last_position) VALUES (?, ?, ?)
            ON CONFLICT (board, first_position) DO UPDATE SET last_position = excluded.last_position
            """).execute(arguments: [range.board.storedData, first, last])
    }

    // MARK: Claims

    /// The write lock is held from `BEGIN IMMEDIATE` on, so the log's last position is this
    /// write's to continue, as on LMDB.
    func claimLog() throws -> UInt64 {
        let last = try lastPosition()
        if start == nil { start = last }
        return last
    }

    /// Only this write appended since it began: `claimed` must be where the log was then, and
    /// `last` where it is now.
    func advanceLog(from claimed: UInt64, to last: UInt64) throws {
        let now = try lastPosition()
        guard claimed == start ?? now, now == last else { throw LogConflict(stalePosition: claimed &+ 1) }
    }

    // MARK: Helpers

    /// The head of `board` as this transaction sees it, 0 for a board with no events.
    private func head(of board: BoardID) throws -> UInt64 {
        let head = try Int64.fetchOne(try db.cachedStatement(sql: "SELECT head FROM boards WHERE board = ?"), arguments: [board.storedData])
        return try Self.unsigned(head ?? 0, "a head")
    }

    /// Steps `handle` until it has no more rows or `row` returns `false`, then resets it.
    private func forEachRow(_ handle: SQLiteStatement, _ doing: @autoclosure () -> String, _ row: () throws -> Bool) throws {
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw error(code, doing()) }
            guard try row() else { return }
        }
    }

    private func error(_ code: Int32, _ doing: String) -> DatabaseError {
        let message = db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) } ?? "no connection"
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: "\(doing): \(message)")
    }

    /// The entry on the current row of `handle`, from the columns at these indexes.
    private static func entry(_ handle: SQLiteStatement, position: Int32, board: BoardID, seq: Int32, value: Int32) throws -> LogEntry {
        LogEntry(
            position: try unsigned(sqlite3_column_int64(handle, position), "a position"),
            board: board,
            seq: try unsigned(sqlite3_column_int64(handle, seq), "a seq"),
            bytes: Array(blob(handle, value))
        )
    }

    /// The blob in column `index` of the current row, valid until the next step.
    private static func blob(_ handle: SQLiteStatement, _ index: Int32) -> UnsafeRawBufferPointer {
        let base = sqlite3_column_blob(handle, index) // before _bytes, as SQLite asks
        return UnsafeRawBufferPointer(start: base, count: Int(sqlite3_column_bytes(handle, index)))
    }

    /// Binds `board`'s 16 bytes as parameter `index`, copied (the bytes are a temporary).
    private static func bind(_ board: BoardID, to handle: SQLiteStatement, at index: Int32) {
        board.storedBytes.withUnsafeBytes { bytes in
            _ = sqlite3_bind_blob(handle, index, bytes.baseAddress, Int32(bytes.count), unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self))
        }
    }

    /// The board stored as `bytes`.
    private static func board(_ bytes: UnsafeRawBufferPointer) throws -> BoardID {
        guard let board = BoardID(storedBytes: bytes) else { throw SQLiteLogStoreError("the log holds a board of \(bytes.count) bytes, not 16") }
        return board
    }

    /// The board stored as `data`.
    private static func board(_ data: Data) throws -> BoardID {
        guard let board = BoardID(storedData: data) else { throw SQLiteLogStoreError("the log holds a board of \(data.count) bytes, not 16") }
        return board
    }

    /// An integer read back, which the store never writes below 0.
    private static func unsigned(_ value: Int64, _ what: String) throws -> UInt64 {
        guard let unsigned = UInt64(exactly: value) else { throw SQLiteLogStoreError("the log holds \(what) of \(value), below 0") }
        return unsigned
    }
}
