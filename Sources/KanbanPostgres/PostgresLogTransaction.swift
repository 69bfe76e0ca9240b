import Foundation
import KanbanLog
import KanbanCore
import PostgresNIO

/// ``Kanban/LogWriting`` (and reading) inside one transaction of a ``PostgresLogStore``:
/// events, idempotency answers (`idempotency`) and sync positions (`sync_clients`,
/// `sync_refusals`) in one SQL transaction.
///
/// Writes are sent without waiting for their answers (``BlockingConnection/send(_:)``): the
/// statements of a write go to PostgreSQL one after another while the caller goes on, and their
/// answers are checked, in the order sent, when the transaction next reads or ends
/// (``flush()``): a write of several statements waits once, not once each. A statement that
/// would fail after an earlier one's conflict is written so that it changes nothing instead (an
/// append's events are inserted from its board's `UPDATE … RETURNING`), so the conflict is what
/// is thrown, and the transaction is rolled back.
///
/// PostgresNIO still sends each statement once the one before is answered: one round trip each
/// on the network. So the writes a shared-log write makes after it decides (its events, answers,
/// the log's head, the purge) are held back and go as one statement (``MergedWrite``) when the
/// transaction next sends something else, reads or ends: with 1 ms each way to PostgreSQL, that
/// is 6 ms less inside the claim every node waits on.
final class PostgresLogTransaction: LogWriting {
    let connection: BlockingConnection
    /// The new head of each board this transaction appended to: what to announce once it commits.
    private(set) var appended: [BoardID: UInt64] = [:]
    /// Where this transaction moved the log's end (``advanceLog(from:to:)``): announced with it.
    private(set) var advancedTo: UInt64?
    /// The statements sent and not yet checked, in the order sent, each with its check.
    private var pending: [(rows: EventLoopFuture<[PostgresRow]>, check: ([PostgresRow]) throws -> Void, failure: ((PostgresStoreError) -> (any Error)?)?)] = []
    /// The writes held back to go as one statement, in the order made.
    private var merging: [MergedWrite] = []
    /// How many statements this transaction sent (not counting the store's `BEGIN` and `COMMIT`):
    /// each one round trip on the network.
    private(set) var statementsSent = 0
    /// In a conditional write (``PostgresLogStore/write(ifLogEndsAt:lastEvent:_:)``), where the
    /// log must end: the transaction then sends nothing until ``flush()``, which sends its
    /// writes as one gated statement (``MergedWrite/statement(of:gate:endingTurn:)``), a transaction of
    /// its own. `nil` in a transaction begun with `BEGIN`, and in a write in turn until its
    /// claim (``claimLog(after:limit:)``) sets it.
    private var gate: MergedWrite.Gate?
    /// Whether this is a write in turn (``PostgresLogStore/writeInTurn(_:)``): its claim takes
    /// the log's turn, and its gated statement gives it back.
    private let inTurn: Bool
    /// Whether the connection may hold the log's turn: taken by the claim, not yet given back
    /// by the gated statement. The store gives it back when the write ends otherwise.
    private(set) var mayHoldTurn = false
    /// Whether the gated statement went.
    private var gateSent = false
    /// Whether a conditional write needed more than its one statement (a read, a statement of
    /// its own, a write that is not gated) and so began a transaction, its gate a claim
    /// (``beginUnderTheGate()``): the store ends it with `COMMIT`.
    private(set) var begunUnderTheGate = false

    /// A write in turn sends nothing before its claim: it has no transaction of its own until then.
    private func requireTurnTaken() throws {
        if inTurn, gate == nil, !mayHoldTurn { throw PostgresStoreError(message: "a write in turn claims first (claimLog(after:limit:))") }
    }

    /// Whether this is a conditional write that is still to be one statement.
    private var isOneStatement: Bool { gate != nil && !begunUnderTheGate }

    /// Turns a conditional write that needs more than one statement into a transaction: `BEGIN`,
    /// then the gate as a claim — `log_head` locked where it is at the gate's position, with
    /// the gate's last event — before anything else (the writes held back go after it). Where
    /// the log moved on, throws ``KanbanLog/LogConflict`` as the statement would have.
    private func beginUnderTheGate() throws {
        guard let gate, !begunUnderTheGate else { return }
        begunUnderTheGate = true
        let held = merging
        merging = []
        pending.append((connection.send("BEGIN"), { _ in }, nil))
        var claim = PostgresQuery.StringInterpolation(literalCapacity: 128, interpolationCount: 3)
        claim.appendLiteral("SELECT 1 FROM log_head h WHERE ")
        gate.appendCondition(to: &claim)
        if gate.takesTurn {
            // Held to the end of the transaction; the store gives it back after COMMIT.
            mayHoldTurn = true
            claim.appendLiteral(" AND pg_try_advisory_lock(\(MergedWrite.turnKey))")
        }
        claim.appendLiteral(" FOR UPDATE OF h")
        let rows = try query(PostgresQuery(stringInterpolation: claim))
        guard !rows.isEmpty else { throw LogConflict(stalePosition: UInt64(max(gate.position, 0)) + 1) }
        merging = held
    }

    /// Sends `query` (after the writes held back); `check` looks at its rows at the next ``flush()``.
    private func send(_ query: PostgresQuery, check: @escaping ([PostgresRow]) throws -> Void = { _ in }) throws {
        try requireTurnTaken()
        if isOneStatement { try beginUnderTheGate() }
        try sendMerged()
        statementsSent += 1
        pending.append((connection.send(query), check, nil))
    }

    /// Holds `write` back, to go in one statement with the writes held back before and after it
    /// (those before are sent first when it touches what one of them does).
    private func merge(_ write: MergedWrite) throws {
        if merging.contains(where: { !$0.touches.isDisjoint(with: write.touches) }) {
            if isOneStatement { try beginUnderTheGate() }
            try sendMerged()
        }
        merging.append(write)
    }

    /// Sends the writes held back, as one statement.
    /// In a conditional write, the one gated statement (once, at ``flush()``, even of no writes).
    private func sendMerged() throws {
        if isOneStatement, let gate {
            if gateSent || merging.contains(where: { !$0.items.isGated }) {
                try beginUnderTheGate()
                return try sendMerged()
            }
            gateSent = true
            let writes = merging
            merging = []
            // A conditional write's gate takes the turn it gives back, when free.
            if gate.takesTurn { mayHoldTurn = true }
            let endingTurn = mayHoldTurn
            let statement = try MergedWrite.statement(of: writes, gate: gate, endingTurn: endingTurn)
            statementsSent += 1
            pending.append((
                connection.send(statement), { [self] rows in
                    // It ran to its end: its last column gave the turn back.
                    if endingTurn { mayHoldTurn = false }
                    try MergedWrite.check(writes, against: rows, gate: gate)
                },
                { error in MergedWrite.refusal(in: error, of: writes) }
            ))
            return
        }
        guard !merging.isEmpty else { return }
        let writes = merging
        merging = []
        let statement = try MergedWrite.statement(of: writes)
        statementsSent += 1
        pending.append((connection.send(statement), { rows in try MergedWrite.check(writes, against: rows) }, nil))
    }

    /// Waits for every statement sent, then checks their rows in the order sent: the first
    /// failure is thrown (a statement's own, or its check's), and the transaction must then be
    /// rolled back. Reads call it first; the store calls it before `COMMIT`.
    func flush() throws {
        try sendMerged()
        guard !pending.isEmpty else { return }
        let sent = pending
        pending = []
        var answers: [[PostgresRow]] = []
        answers.reserveCapacity(sent.count)
        for statement in sent {
            do {
                answers.append(try connection.wait(for: statement.rows))
            } catch let error as PostgresStoreError {
                // A conditional write's statement that failed on a write's conflict: that conflict.
                throw statement.failure?(error) ?? error
            }
        }
        for (statement, rows) in zip(sent, answers) { try statement.check(rows) }
    }

    /// Runs `query` after the statements sent, waiting for its rows: a read. It is sent
    /// before they are checked (they run first, in order), so a read after writes — or after the
    /// `BEGIN` the store sent (``init(connection:begun:)``) — costs one wait, not two; when one
    /// of them failed, its failure is thrown, not the read's.
    private func query(_ query: PostgresQuery) throws -> [PostgresRow] {
        try requireTurnTaken()
        if isOneStatement { try beginUnderTheGate() }
        try sendMerged()
        statementsSent += 1
        let rows = connection.send(query)
        try flush()
        return try connection.wait(for: rows)
    }

    /// How many rows one query of a scan fetches.
    static let pageSize: Int64 = 1_000

    init(connection: BlockingConnection) {
        self.connection = connection
        gate = nil
        inTurn = false
    }

    /// A conditional write's: nothing is sent before ``flush()`` (see ``gate``) unless the
    /// write needs more than one statement (``begunUnderTheGate``).
    init(connection: BlockingConnection, gate: MergedWrite.Gate) {
        self.connection = connection
        self.gate = gate
        inTurn = false
    }

    /// A write in turn's (``PostgresLogStore/writeInTurn(_:)``): its first statement must be
    /// its claim, ``claimLog(after:limit:)``, which takes the turn and sets the gate.
    init(inTurnOn connection: BlockingConnection) {
        self.connection = connection
        gate = nil
        inTurn = true
    }

    /// A transaction whose `BEGIN`, `begun`, was sent and not waited for: checked with the
    /// statements the transaction sends first, at their first wait.
    init(connection: BlockingConnection, begun: EventLoopFuture<[PostgresRow]>) {
        self.connection = connection
        gate = nil
        inTurn = false
        pending = [(begun, { _ in }, nil)]
    }

    func lastPosition() throws -> UInt64 {
        let rows = try query("SELECT coalesce(max(last_position), 0)::int8 FROM boards")
        return try Self.unsigned(try rows.first?.decode(Int64.self) ?? 0, "a last position")
    }

    func heads() throws -> [BoardID: UInt64] {
        var heads: [BoardID: UInt64] = [:]
        for row in try query("SELECT board_id, head FROM boards WHERE head > 0") {
            let (board, head) = try row.decode((UUID, Int64).self)
            heads[BoardID(board)] = try Self.unsigned(head, "a head")
        }
        return heads
    }

    func forEach(after position: UInt64, _ body: (LogEntry) throws -> Bool) throws {
        var last = try Self.signed(position)
        while true {
            let rows = try query("""
                SELECT board_id, seq, position, data FROM events WHERE position > \(last) ORDER BY position LIMIT \(Self.pageSize)
                """)
            for row in rows {
                let (board, seq, position, data) = try row.decode((UUID, Int64, Int64, ByteBuffer).self)
                last = position
                guard try body(try Self.entry(board: BoardID(board), seq: seq, position: position, data: data)) else { return }
            }
            if rows.count < Self.pageSize { return }
        }
    }

    /// Positions and bytes only (a copy into a cache needs no more; fewer columns to decode),
    /// lent from the row's buffer, pages of ``pageSize``.
    func forEachStored(after position: UInt64, _ body: (UInt64, UnsafeRawBufferPointer) throws -> Bool) throws {
        var last = try Self.signed(position)
        while true {
            let rows = try query("SELECT position, data FROM events WHERE position > \(last) ORDER BY position LIMIT \(Self.pageSize)")
            for row in rows {
                let (position, data) = try row.decode((Int64, ByteBuffer).self)
                last = position
                let unsigned = try Self.unsigned(position, "a position")
                guard try data.withUnsafeReadableBytes({ try body(unsigned, $0) }) else { return }
            }
            if rows.count < Self.pageSize { return }
        }
    }

    func forEach(board: BoardID, afterSeq seq: UInt64, _ body: (LogEntry) throws -> Bool) throws {
        var last = try Self.signed(seq)
        while true {
            let rows = try query("""
                SELECT seq, position, data FROM events WHERE board_id = \(board.uuid) AND seq > \(last) ORDER BY seq LIMIT \(Self.pageSize)
                """)
            for row in rows {
                let (seq, position, data) = try row.decode((Int64, Int64, ByteBuffer).self)
                last = seq
                guard try body(try Self.entry(board: board, seq: seq, position: position, data: data)) else { return }
            }
            if rows.count < Self.pageSize { return }
        }
    }

    /// Each board's root, in `seq` order (the order PostgreSQL keeps), board after board.
    func boardRoots() throws -> [BoardID: AuditRoot] {
        var builder = BoardRootsBuilder()
        var after: (board: UUID, seq: Int64)?
        while true {
            let rows = if let after {
                try query("""
                    SELECT board_id, seq, data FROM events WHERE (board_id, seq) > (\(after.board), \(after.seq))
                    ORDER BY board_id, seq LIMIT \(Self.pageSize)
                    """)
            } else {
                try query("SELECT board_id, seq, data FROM events ORDER BY board_id, seq LIMIT \(Self.pageSize)")
            }
            for row in rows {
                let (board, seq, data) = try row.decode((UUID, Int64, ByteBuffer).self)
                builder.append(board: BoardID(board), bytes: data.readableBytesView)
                after = (board, seq)
            }
            if rows.count < Self.pageSize { return builder.roots }
        }
    }

    @discardableResult
    func append(board: BoardID, expectedHead: UInt64, _ events: [(position: UInt64, bytes: [UInt8])]) throws -> UInt64 {
        try LogAppendError.check(events, board: board)
        // Increasing, so the last is the largest.
        if let last = events.last?.position, last > UInt64(Int64.max) { throw LogAppendError.positionOutOfRange(last) }
        let expected = try Self.signed(expectedHead)
        guard let first = events.first?.position, let last = events.last?.position else {
            let head = try self.head(of: board).head
            guard head == expected else { throw LogConflict(movedHeads: [board: try Self.unsigned(head, "a head")]) }
            return expectedHead
        }
        let count = Int64(events.count)
        let (newHead, overflow) = expected.addingReportingOverflow(count)
        if overflow { throw PostgresStoreError(message: "board \(board) cannot hold \(count) more events after its \(expected)") }
        if expected == 0 {
            // A statement of its own: the board's `UPDATE` below would not see a row inserted in its own statement.
            try send("INSERT INTO boards (board_id) VALUES (\(board.uuid)) ON CONFLICT DO NOTHING")
        }
        let positions = events.map { Int64($0.position) }
        let datas = events.map { ByteBuffer(bytes: $0.bytes) }
        // The events go in only when the board's row moved: no row back is the conflict.
        try merge(MergedWrite(touches: ["boards:\(board)"], items: """
            \(name: "moved") AS (
                UPDATE boards SET head = head + \(count), last_position = \(Int64(last))
                WHERE board_id = \(board.uuid) AND head = \(expected) AND last_position < \(Int64(first))\(gatedBy: "AND") RETURNING head),
            \(name: "") AS (INSERT INTO events (board_id, seq, position, data)
                SELECT \(board.uuid), \(expected) + t.o, t.p, t.d FROM \(name: "moved"), unnest(\(positions)::int8[], \(datas)::bytea[]) WITH ORDINALITY AS t(p, d, o)
                RETURNING 1)
            """, keptCount: count) { [self] inserted, _ in
            guard inserted == count else {
                let (head, _) = try self.head(of: board)
                if head != expected { throw LogConflict(movedHeads: [board: try Self.unsigned(head, "a head")]) }
                throw LogConflict(stalePosition: first)
            }
        })
        let head = try Self.unsigned(newHead, "a head")
        appended[board] = head
        return head
    }

    /// Every board's events in one statement (and the new boards' rows in one before it):
    /// PostgresNIO sends a connection's statements one at a time, so each statement is a round
    /// trip on the network, and a batch over 16 boards made 16 of them (626 commands/s against
    /// 1,073 on one hot board with 1 ms each way, measured). Each board's row moves only from
    /// its expected head, and only the events of boards whose row moved go in: fewer rows back
    /// than events is the conflict, told as ``append(board:expectedHead:_:)`` tells it.
    func append(_ batches: [BoardAppend]) throws {
        guard batches.count > 1, Set(batches.map(\.board)).count == batches.count, batches.allSatisfy({ !$0.events.isEmpty }) else {
            for batch in batches { try append(board: batch.board, expectedHead: batch.expectedHead, batch.events) }
            return
        }
        var (boards, expecteds, counts, firsts, lasts) = ([UUID](), [Int64](), [Int64](), [Int64](), [Int64]())
        var (eventBoards, seqs, positions, datas) = ([UUID](), [Int64](), [Int64](), [ByteBuffer]())
        var heads: [BoardID: UInt64] = [:]
        for batch in batches {
            try LogAppendError.check(batch.events, board: batch.board)
            guard let first = batch.events.first?.position, let last = batch.events.last?.position else { continue }
            if last > UInt64(Int64.max) { throw LogAppendError.positionOutOfRange(last) }
            let expected = try Self.signed(batch.expectedHead)
            let count = Int64(batch.events.count)
            let (newHead, overflow) = expected.addingReportingOverflow(count)
            if overflow { throw PostgresStoreError(message: "board \(batch.board) cannot hold \(count) more events after its \(expected)") }
            boards.append(batch.board.uuid)
            expecteds.append(expected)
            counts.append(count)
            firsts.append(Int64(first))
            lasts.append(Int64(last))
            for (offset, event) in batch.events.enumerated() {
                eventBoards.append(batch.board.uuid)
                seqs.append(expected + Int64(offset) + 1)
                positions.append(Int64(event.position))
                datas.append(ByteBuffer(bytes: event.bytes))
            }
            heads[batch.board] = try Self.unsigned(newHead, "a head")
        }
        let made = zip(boards, expecteds).filter { $0.1 == 0 }.map(\.0)
        if !made.isEmpty {
            // A statement of its own: the boards' `UPDATE` below would not see rows inserted in its own statement.
            try send("INSERT INTO boards (board_id) SELECT * FROM unnest(\(made)::uuid[]) ON CONFLICT DO NOTHING")
        }
        let total = Int64(positions.count)
        try merge(MergedWrite(touches: Set(batches.map { "boards:\($0.board)" }), items: """
            \(name: "input") AS (SELECT * FROM unnest(\(boards)::uuid[], \(expecteds)::int8[], \(counts)::int8[], \(firsts)::int8[], \(lasts)::int8[])
                           AS t(board_id, expected, n, first, last)),
            \(name: "moved") AS (UPDATE boards b SET head = b.head + i.n, last_position = i.last FROM \(name: "input") i
                           WHERE b.board_id = i.board_id AND b.head = i.expected AND b.last_position < i.first\(gatedBy: "AND") RETURNING b.board_id),
            \(name: "") AS (INSERT INTO events (board_id, seq, position, data)
                SELECT e.board_id, e.seq, e.position, e.data
                FROM unnest(\(eventBoards)::uuid[], \(seqs)::int8[], \(positions)::int8[], \(datas)::bytea[]) AS e(board_id, seq, position, data)
                WHERE e.board_id IN (SELECT board_id FROM \(name: "moved"))
                RETURNING board_id)
            """, columns: [{ "array_agg(DISTINCT \($0).board_id)" }], keptCount: total) { [self] count, cells in
            guard count == total else {
                // The boards whose events did not go in: a head that moved, else a position taken.
                let inserted = Set(try cells[0].decode([UUID]?.self) ?? [])
                var moved: [BoardID: UInt64] = [:]
                var stale: UInt64?
                for batch in batches where !inserted.contains(batch.board.uuid) {
                    let (head, _) = try self.head(of: batch.board)
                    if head != Int64(batch.expectedHead) {
                        moved[batch.board] = try Self.unsigned(head, "a head")
                    } else if stale == nil {
                        stale = batch.events.first?.position
                    }
                }
                if !moved.isEmpty { throw LogConflict(movedHeads: moved) }
                throw LogConflict(stalePosition: stale ?? UInt64(firsts.min() ?? 0))
            }
        })
        for (board, head) in heads { appended[board] = head }
    }

    func rememberedAnswer(board: BoardID, actor: String, key: String, notBefore: Timestamp) throws -> [UInt8]? {
        let rows = try query("""
            SELECT answer FROM idempotency
            WHERE board_id = \(board.uuid) AND actor = \(actor) AND key = \(key) AND remembered_at >= \(notBefore.millisecondsSinceEpoch)
            """)
        return try rows.first.map { Array(try $0.decode(ByteBuffer.self).readableBytesView) }
    }

    func lastMutationID(client: String) throws -> UInt64 {
        let rows = try query("SELECT last_mutation FROM sync_clients WHERE client = \(client)")
        return try Self.unsigned(try rows.first?.decode(Int64.self) ?? 0, "a mutation id")
    }

    func refusals(client: String, after: UInt64, limit: Int) throws -> [Refusal] {
        guard limit > 0, let after = Int64(exactly: after) else { return [] }
        let rows = try query("""
            SELECT mutation, is_conflict, reason FROM sync_refusals
            WHERE client = \(client) AND mutation > \(after) ORDER BY mutation LIMIT \(Int64(limit))
            """)
        return try rows.map { row in
            let (id, isConflict, reason) = try row.decode((Int64, Bool, String).self)
            return Refusal(id: try Self.unsigned(id, "a mutation id"), reason: reason, isConflict: isConflict)
        }
    }

    /// `INSERT … ON CONFLICT DO NOTHING`: a writer that answered the key first, committed or
    /// not, makes this insert wait for its end and then insert nothing (so no error aborts the
    /// transaction); no row back is the conflict.
    func remember(answer: [UInt8], board: BoardID, actor: String, key: String, at time: Timestamp) throws {
        try send("""
            INSERT INTO idempotency (board_id, actor, key, remembered_at, answer)
            VALUES (\(board.uuid), \(actor), \(key), \(time.millisecondsSinceEpoch), \(ByteBuffer(bytes: answer)))
            ON CONFLICT DO NOTHING RETURNING 1
            """) { inserted in
            if inserted.isEmpty { throw LogConflict(answered: AnswerKey(board: board, actor: actor, key: key)) }
        }
    }

    /// One probe of the primary key per key, whatever the table holds: a `LATERAL … LIMIT 1`
    /// per key, which the planner cannot turn into a join. (A plain join let it start from the
    /// `remembered_at` index when its statistics were stale — a growing table, not yet analyzed
    /// — and read every live answer: 2.9 ms a write at 4,000 answers, measured.)
    func rememberedAnswers(board: BoardID, keys: [(actor: String, key: String)], notBefore: Timestamp) throws -> [[UInt8]?] {
        guard !keys.isEmpty else { return [] }
        let rows = try query("""
            SELECT k.actor, k.key, i.answer FROM unnest(\(keys.map(\.actor))::text[], \(keys.map(\.key))::text[]) AS k(actor, key)
            CROSS JOIN LATERAL (SELECT answer, remembered_at FROM idempotency
                                WHERE board_id = \(board.uuid) AND actor = k.actor AND key = k.key LIMIT 1) AS i
            WHERE i.remembered_at >= \(notBefore.millisecondsSinceEpoch)
            """)
        return try Self.answers(rows, for: keys)
    }

    func forgetAnswers(board: BoardID, keys: [(actor: String, key: String)]) throws {
        guard !keys.isEmpty else { return }
        try send("""
            DELETE FROM idempotency i USING unnest(\(keys.map(\.actor))::text[], \(keys.map(\.key))::text[]) AS k(actor, key)
            WHERE i.board_id = \(board.uuid) AND i.actor = k.actor AND i.key = k.key
            """)
    }

    /// One statement: a data-modifying `WITH` deletes the expired answers of `keys` while the
    /// query reads the live ones, as ``rememberedAnswers(board:keys:notBefore:)`` does, in the
    /// statement's one snapshot.
    func takeLiveAnswers(board: BoardID, keys: [(actor: String, key: String)], notBefore: Timestamp) throws -> [[UInt8]?] {
        guard !keys.isEmpty else { return [] }
        let rows = try query("""
            WITH k AS (SELECT * FROM unnest(\(keys.map(\.actor))::text[], \(keys.map(\.key))::text[]) AS k(actor, key)),
                 expired AS (DELETE FROM idempotency i USING k
                             WHERE i.board_id = \(board.uuid) AND i.actor = k.actor AND i.key = k.key
                               AND i.remembered_at < \(notBefore.millisecondsSinceEpoch))
            SELECT k.actor, k.key, i.answer FROM k
            CROSS JOIN LATERAL (SELECT answer, remembered_at FROM idempotency
                                WHERE board_id = \(board.uuid) AND actor = k.actor AND key = k.key LIMIT 1) AS i
            WHERE i.remembered_at >= \(notBefore.millisecondsSinceEpoch)
            """)
        return try Self.answers(rows, for: keys)
    }

    /// The answers of `rows` (actor, key, answer) in the order of `keys`, `nil` for a key without one.
    private static func answers(_ rows: [PostgresRow], for keys: [(actor: String, key: String)]) throws -> [[UInt8]?] {
        var found: [String: [UInt8]] = [:]
        for row in rows {
            let (actor, key, answer) = try row.decode((String, String, ByteBuffer).self)
            found[answerKey(actor, key)] = Array(answer.readableBytesView)
        }
        return keys.map { found[answerKey($0.actor, $0.key)] }
    }

    /// One `INSERT … SELECT FROM unnest(…) ON CONFLICT DO NOTHING RETURNING`: a key that
    /// returns no row was answered first (by another writer, committed or not).
    func remember(_ answers: [KeptAnswer]) throws {
        guard !answers.isEmpty else { return }
        // Held back with the write's other statements (``MergedWrite``), with the purge of
        // expired answers that may go with it. A write that asked for its answers first
        // (``takeLiveAnswers(board:keys:notBefore:)``) deleted their keys' expired ones. One that
        // did not may meet an expired answer under one of these keys: then either this insert
        // finds it (a conflict: the engine runs the write again, asking first) or the purge's
        // deletion of it comes first and the insert goes in; the purge cannot see rows this
        // statement inserts. Either way no live answer is lost.
        try merge(MergedWrite(touches: ["idempotency+"], items: """
            \(name: "") AS (INSERT INTO idempotency (board_id, actor, key, remembered_at, answer)
                SELECT * FROM unnest(\(answers.map(\.board.uuid))::uuid[], \(answers.map(\.actor))::text[], \(answers.map(\.key))::text[],
                                     \(answers.map(\.time.millisecondsSinceEpoch))::int8[], \(answers.map { ByteBuffer(bytes: $0.bytes) })::bytea[])\(gatedBy: "WHERE")
                ON CONFLICT DO NOTHING RETURNING board_id, actor, key)
            """, columns: [{ "array_agg(\($0).board_id)" }, { "array_agg(\($0).actor)" }, { "array_agg(\($0).key)" }],
            keptCount: Int64(answers.count),
            // Which key is not said (that would take a read): the write runs again asking for them all.
            refusal: LogConflict(answered: AnswerKey(board: answers[0].board, actor: answers[0].actor, key: answers[0].key))) { inserted, cells in
            guard inserted < answers.count else { return }
            var kept: Set<String> = []
            let boards = try cells[0].decode([UUID]?.self) ?? []
            let actors = try cells[1].decode([String]?.self) ?? []
            let keys = try cells[2].decode([String]?.self) ?? []
            for (board, (actor, key)) in zip(boards, zip(actors, keys)) {
                kept.insert(BoardID(board).description + "\u{0}" + Self.answerKey(actor, key))
            }
            let first = answers.first { !kept.contains($0.board.description + "\u{0}" + Self.answerKey($0.actor, $0.key)) } ?? answers[0]
            throw LogConflict(answered: AnswerKey(board: first.board, actor: first.actor, key: first.key))
        })
    }

    /// `actor` and `key` as one dictionary key (a zero byte between: neither holds one).
    private static func answerKey(_ actor: String, _ key: String) -> String {
        actor + "\u{0}" + key
    }

    func mutationDigests(client: String, ids: [UInt64]) throws -> [UInt64: [UInt8]] {
        let wanted = ids.compactMap { Int64(exactly: $0) }
        guard !wanted.isEmpty else { return [:] }
        var digests: [UInt64: [UInt8]] = [:]
        for row in try query("SELECT mutation, digest FROM sync_digests WHERE client = \(client) AND mutation = ANY(\(wanted))") {
            let (id, digest) = try row.decode((Int64, ByteBuffer).self)
            digests[try Self.unsigned(id, "a mutation id")] = Array(digest.readableBytesView)
        }
        return digests
    }

    func mutationDigests(client: String) throws -> [UInt64: [UInt8]] {
        var digests: [UInt64: [UInt8]] = [:]
        for row in try query("SELECT mutation, digest FROM sync_digests WHERE client = \(client)") {
            let (id, digest) = try row.decode((Int64, ByteBuffer).self)
            digests[try Self.unsigned(id, "a mutation id")] = Array(digest.readableBytesView)
        }
        return digests
    }

    func owner(client: String) throws -> String? {
        try query("SELECT actor FROM sync_owners WHERE client = \(client)").first?.decode(String.self)
    }

    func clients() throws -> [String: UInt64] {
        var clients: [String: UInt64] = [:]
        for row in try query("SELECT client, last_mutation FROM sync_clients") {
            let (client, last) = try row.decode((String, Int64).self)
            clients[client] = try Self.unsigned(last, "a mutation id")
        }
        return clients
    }

    func answers(notBefore: Timestamp) throws -> [KeptAnswer] {
        try query("""
            SELECT board_id, actor, key, remembered_at, answer FROM idempotency WHERE remembered_at >= \(notBefore.millisecondsSinceEpoch)
            """).map { row in
            let (board, actor, key, time, answer) = try row.decode((UUID, String, String, Int64, ByteBuffer).self)
            return KeptAnswer(board: BoardID(board), actor: actor, key: key, time: Timestamp(millisecondsSinceEpoch: time), bytes: Array(answer.readableBytesView))
        }
    }

    func backdatedRanges(after position: UInt64) throws -> [BackdatedRange] {
        try query("""
            SELECT board_id, first_position, last_position FROM backdated WHERE first_position > \(try Self.signed(position)) ORDER BY first_position
            """).map { row in
            let (board, first, last) = try row.decode((UUID, Int64, Int64).self)
            let (from, to) = (try Self.unsigned(first, "a position"), try Self.unsigned(last, "a position"))
            guard from <= to else { throw PostgresStoreError(message: "the database holds a backdated range from \(from) to \(to), which ends before it starts") }
            return BackdatedRange(board: BoardID(board), positions: from...to)
        }
    }

    func recordBackdated(_ range: BackdatedRange) throws {
        try send("""
            INSERT INTO backdated (board_id, first_position, last_position)
            VALUES (\(range.board.uuid), \(try Self.signed(range.positions.lowerBound)), \(try Self.signed(range.positions.upperBound)))
            ON CONFLICT (board_id, first_position) DO UPDATE SET last_position = excluded.last_position
            """)
    }

    /// Sets `client`'s last mutation and refusals as they are elsewhere (a migration's copy).
    func setClient(_ client: String, lastMutation: UInt64, refusals: [Refusal]) throws {
        let last = try Self.signed(lastMutation)
        _ = try query("""
            INSERT INTO sync_clients (client, last_mutation) VALUES (\(client), \(last))
            ON CONFLICT (client) DO UPDATE SET last_mutation = excluded.last_mutation
            """)
        for refusal in refusals {
            _ = try query("""
                INSERT INTO sync_refusals (client, mutation, is_conflict, reason)
                VALUES (\(client), \(try Self.signed(refusal.id)), \(refusal.isConflict), \(refusal.reason)) ON CONFLICT DO NOTHING
                """)
        }
    }

    /// Copies `client`'s mutation digests and owner (a migration): digests kept already stay.
    func setClientDigests(_ client: String, digests: [UInt64: [UInt8]], owner: String?) throws {
        let sorted = digests.sorted { $0.key < $1.key }
        var start = 0
        while start < sorted.count {
            let chunk = sorted[start..<min(start + 10_000, sorted.count)]
            let ids = try chunk.map { try Self.signed($0.key) }
            let bytes = chunk.map { ByteBuffer(bytes: $0.value) }
            _ = try query("""
                INSERT INTO sync_digests (client, mutation, digest) SELECT \(client), * FROM unnest(\(ids)::int8[], \(bytes)::bytea[])
                ON CONFLICT DO NOTHING
                """)
            start += chunk.count
        }
        if let owner { _ = try query("INSERT INTO sync_owners (client, actor) VALUES (\(client), \(owner)) ON CONFLICT DO NOTHING") }
    }

    /// Oldest first, through the `idempotency_age` index: the statement of
    /// ``purgeAnswersWithWrite(board:rememberedBefore:limit:)``, then a wait for its count.
    @discardableResult
    func purgeAnswers(board: BoardID, rememberedBefore cutoff: Timestamp, limit: Int) throws -> Int {
        guard limit > 0 else { return 0 }
        var deleted = 0
        try mergePurge(board: board, rememberedBefore: cutoff, limit: limit) { deleted = Int($0) }
        try flush()
        return deleted
    }

    /// Held back with the write's other statements (``MergedWrite``): no wait of its own.
    func purgeAnswersWithWrite(board: BoardID, rememberedBefore cutoff: Timestamp, limit: Int) throws {
        guard limit > 0 else { return }
        try mergePurge(board: board, rememberedBefore: cutoff, limit: limit) { _ in }
    }

    /// Holds back the deletion of at most `limit` answers on `board` remembered before
    /// `cutoff`, oldest first; `counted` gets how many went, once the statement is checked.
    private func mergePurge(board: BoardID, rememberedBefore cutoff: Timestamp, limit: Int, counted: @escaping (Int64) -> Void) throws {
        try merge(MergedWrite(touches: ["idempotency-"], items: """
            \(name: "") AS (DELETE FROM idempotency WHERE (board_id, actor, key) IN (
                SELECT board_id, actor, key FROM idempotency
                WHERE board_id = \(board.uuid) AND remembered_at < \(cutoff.millisecondsSinceEpoch)
                ORDER BY remembered_at LIMIT \(Int64(limit)))\(gatedBy: "AND")
                RETURNING 1)
            """) { count, _ in counted(count) })
    }

    func forgetAnswer(board: BoardID, actor: String, key: String) throws {
        try send("DELETE FROM idempotency WHERE board_id = \(board.uuid) AND actor = \(actor) AND key = \(key)")
    }

    /// The first mutation inserts the client's row (`ON CONFLICT DO NOTHING`), a later one
    /// moves it only from `id - 1`; as for answers, a writer that got there first makes this
    /// one wait and then change nothing, and no row back is the conflict. The refusal's insert
    /// changes nothing where a row is kept already (then the mutation conflicted, and the write
    /// keeps nothing), so that it cannot fail the transaction before the conflict is told.
    func recordMutation(_ id: UInt64, client: String, refusal: Refusal?) throws {
        guard id > 0, let mutation = Int64(exactly: id) else { throw LogAppendError.mutationIDOutOfRange(id) }
        if let refusal, refusal.id != id { throw LogAppendError.refusalOfAnotherMutation(id: id, refusal: refusal.id) }
        let move: PostgresQuery = if mutation == 1 {
            "INSERT INTO sync_clients (client, last_mutation) VALUES (\(client), 1) ON CONFLICT DO NOTHING RETURNING 1"
        } else {
            "UPDATE sync_clients SET last_mutation = \(mutation) WHERE client = \(client) AND last_mutation = \(mutation - 1) RETURNING 1"
        }
        try send(move) { [self] moved in
            if moved.isEmpty { throw LogConflict(movedClients: [client: try lastMutationID(client: client)]) }
        }
        if let refusal {
            try send("""
                INSERT INTO sync_refusals (client, mutation, is_conflict, reason)
                VALUES (\(client), \(mutation), \(refusal.isConflict), \(refusal.reason)) ON CONFLICT DO NOTHING
                """)
        }
    }

    func recordDigest(_ digest: [UInt8], mutation id: UInt64, client: String, actor: String) throws {
        guard let mutation = Int64(exactly: id), mutation > 0 else { throw LogAppendError.mutationIDOutOfRange(id) }
        try send("""
            INSERT INTO sync_digests (client, mutation, digest) VALUES (\(client), \(mutation), \(ByteBuffer(bytes: digest)))
            ON CONFLICT (client, mutation) DO UPDATE SET digest = excluded.digest
            """)
        try send("INSERT INTO sync_owners (client, actor) VALUES (\(client), \(actor)) ON CONFLICT DO NOTHING")
    }

    /// `SELECT … FOR UPDATE` of the one row of `log_head`: a second claimer waits for this
    /// transaction's end, then reads the position it left.
    func claimLog() throws -> UInt64 {
        if inTurn { throw PostgresStoreError(message: "a write in turn claims with its catch-up (claimLog(after:limit:))") }
        let rows = try query("SELECT position FROM log_head FOR UPDATE")
        return try Self.unsigned(try rows.first?.decode(Int64.self) ?? 0, "a log position")
    }

    /// The statement of ``claimLogWithLastEvent()`` (its plan is checked by a test).
    static let claimWithLastEvent =
        "SELECT h.position, (SELECT e.data FROM events e WHERE e.position = h.position LIMIT 1) FROM log_head h FOR UPDATE"

    /// As ``claimLog()``, with the last event's bytes read by a subquery: one probe of the
    /// `events_position` index. (A join let the planner merge the whole index with `log_head`:
    /// 11.6 ms a claim at 30,000 events, measured, and a third of one node's throughput gone.)
    /// A claim that waited for another writer's sees the position that writer left, but not its
    /// events (they committed after this statement's snapshot): then the bytes are `nil`.
    func claimLogWithLastEvent() throws -> (position: UInt64, lastEvent: [UInt8]?) {
        if inTurn { throw PostgresStoreError(message: "a write in turn claims with its catch-up (claimLog(after:limit:))") }
        let rows = try query(PostgresQuery(unsafeSQL: Self.claimWithLastEvent))
        guard let row = rows.first else { return (0, nil) }
        let (position, data) = try row.decode((Int64, ByteBuffer?).self)
        return (try Self.unsigned(position, "a log position"), data.map { Array($0.readableBytesView) })
    }

    /// One round trip: `kanban_claim` (schema version 6) claims `log_head` as ``claimLog()``
    /// does, then reads the events from `cacheEnd` and the backdated ranges after it, each in a
    /// fresh snapshot, so a claim that waited sees the events of the writer it waited for.
    func claimLog(after cacheEnd: UInt64, limit: Int) throws -> ClaimedLog {
        if inTurn {
            guard gate == nil, pending.isEmpty, merging.isEmpty else { throw PostgresStoreError(message: "a write in turn claims once, first") }
            // A statement of its own, committed at once: the turn (a lock of the session) stays.
            mayHoldTurn = true
            let rows = try query("SELECT kind, at_position, event_data, range_board, range_last FROM kanban_take_turn(\(try Self.signed(cacheEnd)), \(Int32(clamping: max(limit, 1))))")
            let claim = try Self.claimed(from: rows, cacheEnd: cacheEnd)
            gate = MergedWrite.Gate(position: try Self.signed(claim.position), lastEvent: claim.lastEvent.map { ByteBuffer(bytes: $0) })
            return claim
        }
        let rows = try query("SELECT kind, at_position, event_data, range_board, range_last FROM kanban_claim(\(try Self.signed(cacheEnd)), \(Int32(clamping: max(limit, 1))))")
        return try Self.claimed(from: rows, cacheEnd: cacheEnd)
    }

    /// The ``ClaimedLog`` of a claim's rows (`kanban_claim`'s or `kanban_take_turn`'s).
    private static func claimed(from rows: [PostgresRow], cacheEnd: UInt64) throws -> ClaimedLog {
        var claimed: UInt64?
        var entries: [(position: UInt64, bytes: [UInt8])] = []
        var backdated: [BackdatedRange] = []
        for row in rows {
            let (kind, position, data, board, last) = try row.decode((Int16, Int64, ByteBuffer?, UUID?, Int64?).self)
            let unsigned = try Self.unsigned(position, "a log position")
            switch (kind, data, board, last) {
            case (0, _, _, _):
                claimed = unsigned
            case (1, let data?, _, _):
                entries.append((unsigned, Array(data.readableBytesView)))
            case (2, _, let board?, let last?):
                let to = try Self.unsigned(last, "a position")
                guard unsigned <= to else { throw PostgresStoreError(message: "the database holds a backdated range from \(unsigned) to \(to), which ends before it starts") }
                backdated.append(BackdatedRange(board: BoardID(board), positions: unsigned...to))
            default:
                throw PostgresStoreError(message: "the claim returned a row of kind \(kind) it does not make")
            }
        }
        guard let claimed else { throw PostgresStoreError(message: "the claim returned no position") }
        let lastEvent = entries.last.flatMap { $0.position == claimed ? $0.bytes : nil }
        // The event at the end of a cache as long as the log is there only for `lastEvent`.
        if cacheEnd >= claimed { entries = [] }
        return ClaimedLog(position: claimed, lastEvent: lastEvent, cacheEnd: cacheEnd, entries: entries, backdated: backdated)
    }

    func advanceLog(from claimed: UInt64, to last: UInt64) throws {
        let from = try Self.signed(claimed), to = try Self.signed(last)
        advancedTo = last
        try merge(MergedWrite(touches: ["log_head"], items: """
            \(name: "") AS (UPDATE log_head SET position = \(to) WHERE position = \(from) AND \(to) >= \(from)\(gatedBy: "AND") RETURNING 1)
            """, keptCount: 1, refusal: LogConflict(stalePosition: claimed + 1)) { moved, _ in
            if moved != 1 { throw LogConflict(stalePosition: claimed + 1) }
        })
    }

    /// Advances as ``advanceLog(from:to:)`` does and keeps `root` in `log_roots`, in the same
    /// statement (a data-modifying `WITH` runs whether or not its rows are read): no round trip
    /// more inside the claim. A root kept already at that size stays as it was.
    func advanceLog(from claimed: UInt64, to last: UInt64, recording root: AuditRoot?) throws {
        guard let root, root.size == last else { return try advanceLog(from: claimed, to: last) }
        let from = try Self.signed(claimed), to = try Self.signed(last)
        advancedTo = last
        try merge(MergedWrite(touches: ["log_head", "log_roots"], items: """
            \(name: "") AS (UPDATE log_head SET position = \(to) WHERE position = \(from) AND \(to) >= \(from)\(gatedBy: "AND") RETURNING 1),
            \(name: "kept") AS (INSERT INTO log_roots (size, root) SELECT \(to), \(ByteBuffer(bytes: root.root)) FROM \(name: "") ON CONFLICT DO NOTHING)
            """, keptCount: 1, refusal: LogConflict(stalePosition: claimed + 1)) { moved, _ in
            if moved != 1 { throw LogConflict(stalePosition: claimed + 1) }
        })
    }

    func newestSnapshot(atOrBefore position: UInt64) throws -> SharedSnapshot? {
        let rows = try query("""
            SELECT position, root, data FROM log_snapshots WHERE position <= \(Int64(clamping: position)) ORDER BY position DESC LIMIT 1
            """)
        guard let row = rows.first else { return nil }
        let (stored, root, data) = try row.decode((Int64, ByteBuffer, ByteBuffer).self)
        return SharedSnapshot(
            position: try Self.unsigned(stored, "a snapshot's position"), root: Array(root.readableBytesView), bytes: Array(data.readableBytesView)
        )
    }

    func lostPositions() throws -> [ClosedRange<UInt64>] {
        try query("SELECT first, last FROM lost_positions ORDER BY first").compactMap { row in
            let (first, last) = try row.decode((Int64, Int64).self)
            guard let first = UInt64(exactly: first), let last = UInt64(exactly: last), first > 0, first <= last else { return nil }
            return first...last
        }
    }

    /// One row per first position; the same first again keeps the larger last.
    func recordLostPositions(_ positions: ClosedRange<UInt64>) throws {
        let first = try Self.signed(positions.lowerBound), last = try Self.signed(positions.upperBound)
        try send("""
            INSERT INTO lost_positions (first, last) VALUES (\(first), \(last))
            ON CONFLICT (first) DO UPDATE SET last = greatest(lost_positions.last, excluded.last)
            """)
    }

    func keepSnapshot(_ snapshot: SharedSnapshot, keepingNewest count: Int) throws {
        let position = try Self.signed(snapshot.position)
        try send("""
            INSERT INTO log_snapshots (position, root, data) VALUES (\(position), \(ByteBuffer(bytes: snapshot.root)), \(ByteBuffer(bytes: snapshot.bytes)))
            ON CONFLICT DO NOTHING
            """)
        try send("""
            DELETE FROM log_snapshots WHERE position < (SELECT position FROM log_snapshots ORDER BY position DESC OFFSET \(Int64(max(count, 1) - 1)) LIMIT 1)
            """)
    }

    /// Keeps `root` in `log_roots` (a migration's, page by page); one kept at that size stays.
    func keepRoot(_ root: AuditRoot) throws {
        guard let size = Int64(exactly: root.size) else { return }
        try send("INSERT INTO log_roots (size, root) VALUES (\(size), \(ByteBuffer(bytes: root.root))) ON CONFLICT DO NOTHING")
    }

    func recordedRoot(atOrBefore size: UInt64) throws -> AuditRoot? {
        let rows = try query("""
            SELECT size, root FROM log_roots WHERE size <= \(Int64(clamping: size)) ORDER BY size DESC LIMIT 1
            """)
        guard let row = rows.first else { return nil }
        let (stored, root) = try row.decode((Int64, ByteBuffer).self)
        let bytes = Array(root.readableBytesView)
        guard bytes.count == 32 else { throw PostgresStoreError(message: "the database holds an audit root of \(bytes.count) bytes, not 32") }
        return AuditRoot(size: try Self.unsigned(stored, "a root's size"), root: bytes)
    }

    /// Commits wait for a synchronous standby (`synchronous_standby_names` set, and
    /// `synchronous_commit` at `on`, `remote_write` or `remote_apply`), or no standby streams
    /// from the server (`pg_stat_replication` empty: none could be promoted without them, and
    /// one made later from a base backup holds them): `nil`. Otherwise the setting to change.
    /// (Not covered: an asynchronous standby disconnected now and promoted later.)
    func failoverRisk() throws -> String? {
        let rows = try query("""
            SELECT current_setting('synchronous_standby_names'), current_setting('synchronous_commit'),
                   (SELECT count(*) FROM pg_stat_replication)::int8
            """)
        guard let row = rows.first else { return nil }
        let (standbyNames, synchronousCommit, standbys) = try row.decode((String, String, Int64).self)
        guard standbys > 0 else { return nil }
        if standbyNames.trimmingCharacters(in: .whitespaces).isEmpty {
            return "\(standbys) standby server(s) replicate this PostgreSQL server asynchronously (synchronous_standby_names is empty): "
                + "a failover to one may lose acknowledged commits; set synchronous_standby_names (Patroni: synchronous_mode: true)"
        }
        guard ["on", "remote_write", "remote_apply"].contains(synchronousCommit) else {
            return "synchronous_commit is '\(synchronousCommit)', so commits do not wait for the synchronous standby: "
                + "a failover may lose acknowledged commits; set synchronous_commit to on"
        }
        return nil
    }

    /// The head and last position of `board` as this transaction sees them (0 and 0 for a board with no row).
    private func head(of board: BoardID) throws -> (head: Int64, lastPosition: Int64) {
        let rows = try query("SELECT head, last_position FROM boards WHERE board_id = \(board.uuid)")
        return try rows.first?.decode((Int64, Int64).self) ?? (0, 0)
    }

    private static func entry(board: BoardID, seq: Int64, position: Int64, data: ByteBuffer) throws -> LogEntry {
        LogEntry(position: try unsigned(position, "a position"), board: board, seq: try unsigned(seq, "a seq"), bytes: Array(data.readableBytesView))
    }

    /// `value` as a column's `bigint`; above `Int64.max` it cannot be one.
    private static func signed(_ value: UInt64) throws -> Int64 {
        guard let signed = Int64(exactly: value) else { throw LogAppendError.positionOutOfRange(value) }
        return signed
    }

    /// A `bigint` read back, which the store never writes negative.
    private static func unsigned(_ value: Int64, _ what: String) throws -> UInt64 {
        guard let unsigned = UInt64(exactly: value) else { throw PostgresStoreError(message: "the database holds \(what) of \(value), below 0") }
        return unsigned
    }
}
