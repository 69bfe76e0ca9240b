import KanbanLog
import PostgresNIO

/// A write statement of a ``PostgresLogTransaction`` that goes to PostgreSQL in one statement
/// with the transaction's other such writes sent after it, as the items of one `WITH`
/// (data-modifying items run once each, to the end, whether or not they are read): a write of
/// the shared log then costs one round trip for its events, answers, head and purge together,
/// not one each, inside the claim that every node waits on.
///
/// Merged writes see the database as the statement began, not each other's changes, and
/// PostgreSQL applies only one of two changes a statement makes to one row: so writes that
/// touch a row in common (``touches``) go in separate statements, in the order sent.
struct MergedWrite {
    /// What the write changes, as names: two writes that share a name do not share a statement.
    let touches: Set<String>
    /// The `WITH` items, comma-separated; one is named `\(name: "")` (the prefix alone), and
    /// its rows are the write's result.
    let items: SQLFragment
    /// Columns the statement returns for this write besides the count of its result's rows:
    /// each an expression over that result, given its name (an aggregate, one value).
    let columns: [(String) -> String]
    /// Checks the count of the result's rows and the ``columns``' cells: a throw fails the
    /// transaction.
    let check: (_ count: Int64, _ cells: [PostgresCell]) throws -> Void
    /// How many rows the write's result has when it is kept (`nil`: any number). A conditional
    /// write commits when its statement ends, before ``check`` runs, so there the statement
    /// itself fails on another count (``statement(of:gate:endingTurn:)``), and keeps nothing.
    let keptCount: Int64?
    /// What a conditional write that failed on this write's count throws: the conflict its
    /// ``check`` would have thrown when it needs no read to say it, else the log's end taken
    /// for moved on (a ``KanbanLog/LogConflict`` with no detail: the engine decides again under
    /// the claim, which finds what moved).
    let refusal: any Error

    init(
        touches: Set<String>, items: SQLFragment, columns: [(String) -> String] = [],
        keptCount: Int64? = nil, refusal: (any Error)? = nil,
        check: @escaping (_ count: Int64, _ cells: [PostgresCell]) throws -> Void = { _, _ in }
    ) {
        self.touches = touches
        self.items = items
        self.columns = columns
        self.keptCount = keptCount
        self.refusal = refusal ?? LogConflict()
        self.check = check
    }

    /// The condition of a conditional write (``PostgresLogStore/write(ifLogEndsAt:lastEvent:_:)``):
    /// the log's head at ``position``, with ``lastEvent`` stored there.
    struct Gate {
        /// Where the writer expects the log to end.
        var position: Int64
        /// The stored bytes of the event the writer holds at ``position`` (`nil` at 0).
        var lastEvent: ByteBuffer?
        /// Whether the gate also takes the log's turn, when no writer in turn holds it
        /// (`pg_try_advisory_lock`), and is shut when one does: a conditional write then never
        /// comes between a turn's claim and its write (and is refused, which sends its node's
        /// writes to turns too). The statement gives the turn back at its end.
        var takesTurn = false

        /// Appends the condition on `log_head h`: at ``position``, with ``lastEvent`` stored
        /// there (`h.position = … AND EXISTS (…)`), for the gate item and for its claim.
        func appendCondition(to sql: inout PostgresQuery.StringInterpolation) {
            sql.appendLiteral("h.position = ")
            sql.appendInterpolation(position)
            guard let lastEvent else { return }
            sql.appendLiteral(" AND EXISTS (SELECT 1 FROM events e WHERE e.position = ")
            sql.appendInterpolation(position)
            sql.appendLiteral(" AND e.data = ")
            sql.appendInterpolation(lastEvent)
            sql.appendLiteral(")")
        }
    }

    /// The SQL of the log's turn (``PostgresLogStore/writeInTurn(_:)``), as `kanban_take_turn` takes it.
    static let turnKey = "1801546338, hashtext(current_schema())"

    /// The name of the gate's `WITH` item.
    static let gateName = "kanban_gate"

    /// One statement of `writes`, each under the prefix `w0_`, `w1_`, …, returning one row: for
    /// each write the count of its result's rows, then its columns.
    ///
    /// With `gate`, a conditional write: its first item locks the log's head (`FOR UPDATE`,
    /// waiting for a writer that holds it, then looking at the row that writer left) where it is
    /// at `gate`'s position with `gate`'s last event, and every write's changes wait for that
    /// item's row (``SQLFragment/StringInterpolation/appendInterpolation(gatedBy:)``): the head
    /// is locked before any other row, as a write under the claim locks it, and a head found
    /// elsewhere changes nothing. The row's count comes first. A write that is not gated is
    /// refused (the transaction sends such writes after `BEGIN` and a claim instead). A write
    /// whose result has another count than its ``keptCount`` while the gate held fails the
    /// statement (`kanban_refuse`, SQLSTATE `KB409`, naming the write), which keeps nothing
    /// (``refusal(in:of:)``).
    ///
    /// `endingTurn` gives the log's turn back (`kanban_end_turn()`) as the statement's last
    /// column, after every write ran: the next writer's turn then starts while this one commits,
    /// and its claim waits for the commit on `log_head`'s row, which the gate holds.
    static func statement(of writes: [MergedWrite], gate: Gate? = nil, endingTurn: Bool = false) throws -> PostgresQuery {
        var sql = PostgresQuery.StringInterpolation(literalCapacity: 256, interpolationCount: 16)
        sql.appendLiteral("WITH ")
        var selected: [String] = []
        if let gate {
            if let ungated = writes.first(where: { !$0.items.isGated }) {
                throw PostgresStoreError(message: "a change to \(ungated.touches.sorted().joined(separator: ", ")) that does not wait for the log's head cannot go in a conditional write")
            }
            if gate.takesTurn {
                sql.appendLiteral("kanban_turn AS MATERIALIZED (SELECT pg_try_advisory_lock(\(turnKey)) AS taken),\n")
                sql.appendLiteral("\(gateName) AS MATERIALIZED (SELECT 1 FROM log_head h, kanban_turn t WHERE t.taken AND ")
            } else {
                sql.appendLiteral("\(gateName) AS MATERIALIZED (SELECT 1 FROM log_head h WHERE ")
            }
            gate.appendCondition(to: &sql)
            sql.appendLiteral(" FOR UPDATE OF h)")
            if !writes.isEmpty { sql.appendLiteral(",\n") }
            selected.append("(SELECT count(*) FROM \(gateName))::int8")
        }
        for (index, write) in writes.enumerated() {
            if index > 0 { sql.appendLiteral(",\n") }
            try write.items.write(into: &sql, placement: SQLFragment.Placement(prefix: "w\(index)_", gate: gate.map { _ in gateName }))
        }
        for (index, write) in writes.enumerated() {
            let result = "w\(index)_"
            if gate != nil, let kept = write.keptCount {
                selected.append("""
                    (SELECT CASE WHEN count(*) = \(kept) OR NOT EXISTS (SELECT FROM \(gateName)) THEN count(*) \
                    ELSE kanban_refuse('\(result)') END FROM \(result))::int8
                    """)
                for column in write.columns {
                    selected.append("(SELECT \(column(result)) FROM \(result))")
                }
                continue
            }
            selected.append("(SELECT count(*) FROM \(result))::int8")
            for column in write.columns {
                selected.append("(SELECT \(column(result)) FROM \(result))")
            }
        }
        if gate?.takesTurn == true {
            selected.append("(SELECT CASE WHEN taken THEN kanban_end_turn() END FROM kanban_turn)")
        } else if endingTurn {
            selected.append("kanban_end_turn()")
        }
        sql.appendLiteral("\nSELECT " + selected.joined(separator: ", "))
        return PostgresQuery(stringInterpolation: sql)
    }

    /// The SQLSTATE of `kanban_refuse`: a conditional write failed on a write's count.
    static let refusedState = "KB409"

    /// What a conditional statement of `writes` that failed with `error` throws: the refusal
    /// of the write `kanban_refuse` named, when that is why; `nil` for any other failure.
    static func refusal(in error: PostgresStoreError, of writes: [MergedWrite]) -> (any Error)? {
        guard error.sqlState == refusedState else { return nil }
        guard let marker = error.message.range(of: "refused at w") else { return LogConflict() }
        let message = error.message
        let digits = message[marker.upperBound...].prefix { $0.isNumber }
        guard let index = Int(digits), writes.indices.contains(index) else { return LogConflict() }
        return writes[index].refusal
    }

    /// Checks each of `writes` against `rows`, the one row of their ``statement(of:gate:endingTurn:)``;
    /// with `gate`, first that the gate found the log's head where expected (else
    /// ``KanbanLog/LogConflict``, the position after `gate`'s stale).
    static func check(_ writes: [MergedWrite], against rows: [PostgresRow], gate: Gate? = nil) throws {
        guard let row = rows.first?.makeRandomAccess() else {
            throw PostgresStoreError(message: "a merged write returned no row")
        }
        var column = 0
        if let gate {
            guard row.count > 0 else { throw PostgresStoreError(message: "a conditional write returned no columns") }
            guard try row[0].decode(Int64.self) == 1 else {
                throw LogConflict(stalePosition: UInt64(max(gate.position, 0)) + 1)
            }
            column = 1
        }
        for write in writes {
            guard column + write.columns.count < row.count else {
                throw PostgresStoreError(message: "a merged write returned \(row.count) columns, too few")
            }
            let count = try row[column].decode(Int64.self)
            let cells = (0..<write.columns.count).map { row[column + 1 + $0] }
            column += 1 + write.columns.count
            try write.check(count, cells)
        }
    }
}
