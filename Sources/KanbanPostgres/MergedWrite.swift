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

    init(
        touches: Set<String>, items: SQLFragment, columns: [(String) -> String] = [],
        check: @escaping (_ count: Int64, _ cells: [PostgresCell]) throws -> Void = { _, _ in }
    ) {
        self.touches = touches
        self.items = items
        self.columns = columns
        self.check = check
    }

    /// One statement of `writes`, each under the prefix `w0_`, `w1_`, …, returning one row: for
    /// each write the count of its result's rows, then its columns.
    static func statement(of writes: [MergedWrite]) throws -> PostgresQuery {
        var sql = PostgresQuery.StringInterpolation(literalCapacity: 256, interpolationCount: 16)
        sql.appendLiteral("WITH ")
        for (index, write) in writes.enumerated() {
            if index > 0 { sql.appendLiteral(",\n") }
            try write.items.write(into: &sql, prefix: "w\(index)_")
        }
        var selected: [String] = []
        for (index, write) in writes.enumerated() {
            let result = "w\(index)_"
            selected.append("(SELECT count(*) FROM \(result))::int8")
            for column in write.columns {
                selected.append("(SELECT \(column(result)) FROM \(result))")
            }
        }
        sql.appendLiteral("\nSELECT " + selected.joined(separator: ", "))
        return PostgresQuery(stringInterpolation: sql)
    }

    /// Checks each of `writes` against `rows`, the one row of their ``statement(of:)``.
    static func check(_ writes: [MergedWrite], against rows: [PostgresRow]) throws {
        guard let row = rows.first?.makeRandomAccess() else {
            throw PostgresStoreError(message: "a merged write returned no row")
        }
        var column = 0
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
