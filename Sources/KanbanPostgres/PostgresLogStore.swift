import Foundation
import KanbanLog
import KanbanCore
import Logging
import PostgresNIO

/// The event log on PostgreSQL (`boards` and `events`, ``PostgresSchema``), over one
/// connection of its own: each ``read(_:)`` is one `REPEATABLE READ, READ ONLY` transaction,
/// each ``write(_:)`` one `READ COMMITTED` transaction, one at a time per store.
///
/// An append is `UPDATE boards SET head = head + n … WHERE head = expected AND last_position
/// < first position RETURNING head`, then one `INSERT … SELECT FROM unnest(…)` of the events,
/// inside the write's transaction. Two writers on one board with the same expected head:
/// the second `UPDATE` waits for the first to commit, then matches no row and throws
/// ``Kanban/LogConflict``, and the write keeps nothing. Appends to several boards in one write
/// should go in ascending board id order, so that two writers never lock boards in opposite orders.
///
/// Threading: every call blocks its thread until PostgreSQL answers (the engine, the command
/// line and the writer thread are synchronous). Call it from a thread of your own — the
/// engine's writer thread, the main thread of a command — never from Swift's cooperative pool,
/// whose few threads a wait would hold, nor from a NIO event loop. Don't call ``read(_:)`` or
/// ``write(_:)`` from inside another's body: the store runs one transaction at a time.
///
/// For example:
///
/// ```swift
/// let store = try PostgresLogStore(url: try PostgresURL("postgres://kanban@127.0.0.1/kanban?sslmode=disable"))
/// let head = try store.write { try $0.append(board: board, expectedHead: 0, [(position: 1, bytes: bytes)]) }
/// ```
public final class PostgresLogStore: LogStore {
    /// The database.
    public let url: PostgresURL
    /// PostgresNIO's logs.
    let logger: Logger
    /// How long one query may wait for its answer before the connection is given up.
    let queryTimeout: Duration
    /// The connection, replaced when it was lost (a restarted server, a dropped network):
    /// guarded by `lock`.
    private nonisolated(unsafe) var current: BlockingConnection
    /// Held for the length of each transaction.
    private let lock = NSLock()
    /// Where wake-ups are sent, off the writer's connection.
    let announcer: WakeUpAnnouncer

    /// Connects to `url` and makes the schema where it is missing (``PostgresSchema``).
    /// PostgresNIO logs to `logger`; by default nowhere.
    public init(url: PostgresURL, logger: Logger? = nil, queryTimeout: Duration = .seconds(30)) throws {
        self.url = url
        self.logger = logger ?? BlockingConnection.quietLogger
        self.queryTimeout = queryTimeout
        announcer = WakeUpAnnouncer(url: url, logger: self.logger, timeout: queryTimeout)
        let connection = try BlockingConnection(url: url, logger: self.logger, timeout: queryTimeout)
        do {
            try PostgresSchema.apply(on: connection, schema: url.schema)
        } catch {
            connection.close()
            throw error
        }
        current = connection
    }

    deinit {
        current.closeWithoutWaiting()
        announcer.closeWithoutWaiting()
    }

    /// When to try connecting again after a failed try: guarded by `lock`.
    private nonisolated(unsafe) var backoff = ReconnectBackoff()
    /// ``statementsWritten`` (under `lock`).
    private nonisolated(unsafe) var writeStatements = 0
    /// ``readsBegun`` (under `lock`).
    private nonisolated(unsafe) var readTransactions = 0

    /// The connection, connected again first when the last one was lost: a store outlives a
    /// restart of the server, each transaction in flight then failing once. After a failed try
    /// the next waits out a backoff (``ReconnectBackoff``), failing at once until then. Call
    /// with `lock` held.
    private var connection: BlockingConnection {
        get throws {
            guard current.isBroken else { return current }
            guard backoff.isDue() else {
                throw PostgresStoreError(message: "PostgreSQL is unreachable (\(backoff.failures) tries failed; trying again shortly)"
                    + (backoff.lastFailure.map { ": \($0)" } ?? ""))
            }
            do {
                current = try BlockingConnection(url: url, logger: logger, timeout: queryTimeout)
                backoff.succeeded()
            } catch {
                backoff.failed(error)
                throw error
            }
            return current
        }
    }

    /// Closes the connection, waiting until PostgreSQL has been told (a store left to `deinit`
    /// closes without waiting). Reads and writes after it throw.
    public func close() {
        lock.withLock {
            current.close()
            announcer.close()
        }
    }

    public func read<R>(_ body: (any LogReading) throws -> R) throws -> R {
        try lock.withLock {
            let connection = try connection
            readTransactions += 1
            // The BEGIN is checked with the first read: one wait less per transaction (PostgresNIO
            // still sends it first, on its own).
            return try connection.transaction(sending: "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY") { begun in
                let transaction = PostgresLogTransaction(connection: connection, begun: begun)
                let result = try body(transaction)
                try transaction.flush()
                return result
            }
        }
    }

    @discardableResult
    public func write<R>(_ body: (any LogWriting) throws -> R) throws -> R {
        try lock.withLock {
            let connection = try connection
            // The BEGIN is checked with the claim (the first read): one wait less per write.
            let (result, appended, advanced) = try connection.transaction(sending: "BEGIN") { begun in
                let transaction = PostgresLogTransaction(connection: connection, begun: begun)
                defer { writeStatements += transaction.statementsSent }
                let result = try body(transaction)
                try transaction.flush()
                return (result, transaction.appended, transaction.advancedTo)
            }
            announce(appended, at: advanced, on: connection)
            return result
        }
    }

    /// One statement, in a transaction of its own: the writes `body` makes, held back, sent at
    /// its end after a gate that locks `log_head` where it is at `position`, with `lastEvent`
    /// stored there (``MergedWrite/statement(of:gate:endingTurn:)``). Nothing is locked while answers cross
    /// the network: with 1 ms each way, a write under the claim holds the log for two round
    /// trips (the claim's answer, the write, the `COMMIT` going out), this one for none. While
    /// a writer in turn (``writeInTurn(_:)``) holds the log's turn, the gate is shut. A
    /// `body` that reads or needs a statement of its own (a new board's row) gets a
    /// transaction instead: `BEGIN`, the gate as a claim, then its statements, `COMMIT`.
    @discardableResult
    public func write<R>(ifLogEndsAt position: UInt64, lastEvent: [UInt8]?, _ body: (any LogWriting) throws -> R) throws -> R {
        guard let expected = Int64(exactly: position) else { throw LogAppendError.positionOutOfRange(position) }
        return try lock.withLock {
            let connection = try connection
            let gate = MergedWrite.Gate(
                position: expected, lastEvent: position == 0 ? nil : lastEvent.map { ByteBuffer(bytes: $0) }, takesTurn: true
            )
            return try runGated(PostgresLogTransaction(connection: connection, gate: gate), on: connection, body)
        }
    }

    /// A write of a node of several, in turn with the other nodes' (schema version 8). Its
    /// claim, ``Kanban/LogWriting/claimLog(after:limit:)`` — which must come first — takes the
    /// log's turn (an advisory lock of the session, `kanban_take_turn`) with the catch-up, in a
    /// statement committed at once; the writes after it go as a conditional write at the
    /// claimed position (``write(ifLogEndsAt:lastEvent:_:)``), whose one statement gives the
    /// turn back as it ends. Under the claim of ``write(_:)`` the log is held from the claim's
    /// answer to the `COMMIT` reaching PostgreSQL, two round trips; a turn is held one: the
    /// claim's answer going back, the write coming. The next writer's claim waits on
    /// `log_head`'s row for the write's commit, so it sees it. A write that needs more than one
    /// statement begins a transaction under the gate, and gives the turn back after `COMMIT`;
    /// one that fails gives it back too. The turn orders writers only: a writer that does not
    /// take it (a conditional write) may come between, and the gate then refuses this write.
    @discardableResult
    public func writeInTurn<R>(_ body: (any LogWriting) throws -> R) throws -> R {
        try lock.withLock {
            let connection = try connection
            return try runGated(PostgresLogTransaction(inTurnOn: connection), on: connection, body)
        }
    }

    /// Runs `body` in `transaction`, a conditional write's or a write in turn's, to its end:
    /// its gated statement (or `COMMIT`, when it began a transaction under the gate), the log's
    /// turn given back when the statement did not, the wake-ups. A failure rolls back and
    /// gives the turn back. Call with `lock` held.
    private func runGated<R>(_ transaction: PostgresLogTransaction, on connection: BlockingConnection, _ body: (any LogWriting) throws -> R) throws -> R {
        defer { writeStatements += transaction.statementsSent }
        do {
            let result = try body(transaction)
            try transaction.flush()
            if transaction.begunUnderTheGate { _ = try connection.query("COMMIT") }
            // The session holds no advisory lock but the turn.
            if transaction.mayHoldTurn { _ = try connection.query("SELECT pg_advisory_unlock_all()") }
            announce(transaction.appended, at: transaction.advancedTo, on: connection)
            return result
        } catch {
            // A broken connection has no transaction or lock left, and would not answer.
            if !connection.isBroken {
                if transaction.begunUnderTheGate { _ = try? connection.query("ROLLBACK") }
                if transaction.mayHoldTurn { _ = try? connection.query("SELECT pg_advisory_unlock_all()") }
            }
            throw error
        }
    }

    /// How many statements this store's writes sent, not counting their `BEGIN` and `COMMIT`
    /// (each one round trip, for tests).
    var statementsWritten: Int { lock.withLock { writeStatements } }

    /// How many read transactions this store began (for tests).
    var readsBegun: Int { lock.withLock { readTransactions } }

    /// Runs one statement outside any transaction of the store's (for tests, tools and the
    /// write lease, which keeps a store of its own for its connection).
    func query(_ query: PostgresQuery) throws -> [PostgresRow] {
        try lock.withLock { try connection.query(query) }
    }

    /// Tells the listeners of ``wakeUps()`` that `heads` were committed: one `pg_notify` on
    /// ``wakeUpChannel`` per board, payload `<board-uuid>:<head>`, and `:<position>` after it
    /// when the write moved the log's end there (``wakeUpsWithPositions()``), sent after the COMMIT in a
    /// statement of its own, never in the append's transaction: at commit PostgreSQL takes a
    /// database-wide lock for a transaction that notified and holds it through the commit's
    /// flush, so notifying append transactions would commit one at a time across all boards.
    /// The write has committed whatever happens here: a failure loses the hint (listeners
    /// catch up by `seq`), so it is neither thrown nor waited for — the statement is sent and
    /// the write returns. It goes on a connection of its own (``WakeUpAnnouncer``), so the
    /// writer's next statement does not wait behind it.
    private func announce(_ heads: [BoardID: UInt64], at position: UInt64?, on connection: BlockingConnection) {
        guard !heads.isEmpty else { return }
        let suffix = position.map { ":\($0)" } ?? ""
        let payloads = heads.map { board, head in "\(board.uuid.uuidString.lowercased()):\(head)\(suffix)" }
        announcer.send("SELECT pg_notify(\(Self.wakeUpChannel), p) FROM unnest(\(payloads)::text[]) AS p", fallback: connection)
    }

    /// Moves the `event_position` sequence, from which writers will draw positions, past
    /// `position` (after a migration brought events with positions of their own).
    func advancePositions(past position: UInt64) throws {
        guard position > 0 else { return }
        _ = try current.query("SELECT setval('event_position', greatest(\(Int64(position)), (SELECT last_value FROM event_position)))")
    }
}
