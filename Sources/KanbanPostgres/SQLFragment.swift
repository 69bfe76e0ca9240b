import PostgresNIO

/// SQL with bound values, kept in pieces until it is written into a statement: several writes
/// of one transaction then go to PostgreSQL as one statement (``MergedWrite``), each value
/// bound in its place and each of the write's own names made unique (``StringInterpolation/appendInterpolation(name:)``).
/// (A `PostgresQuery` cannot be joined to another: its values are numbered `$1`, `$2`, … from its start.)
struct SQLFragment: ExpressibleByStringInterpolation {
    /// Where a fragment is written: the prefix of its own names, and the `WITH` item whose rows
    /// gate its changes in a conditional write (``StringInterpolation/appendInterpolation(gatedBy:)``).
    struct Placement {
        /// What this fragment's names begin with.
        var prefix: String
        /// The name of the gate item, in a conditional write; `nil` otherwise.
        var gate: String?
    }

    /// Writes one piece into a statement, as placed.
    typealias Piece = (inout PostgresQuery.StringInterpolation, Placement) throws -> Void

    /// The pieces, in order.
    let pieces: [Piece]
    /// Whether every change the fragment makes waits for the gate of a conditional write: it
    /// says where (``StringInterpolation/appendInterpolation(gatedBy:)``).
    let isGated: Bool

    init(stringLiteral value: String) {
        pieces = [{ sql, _ in sql.appendLiteral(value) }]
        isGated = false
    }

    init(stringInterpolation: StringInterpolation) {
        pieces = stringInterpolation.pieces
        isGated = stringInterpolation.isGated
    }

    /// Writes the fragment into `sql`, as placed.
    func write(into sql: inout PostgresQuery.StringInterpolation, placement: Placement) throws {
        for piece in pieces { try piece(&sql, placement) }
    }

    struct StringInterpolation: StringInterpolationProtocol {
        var pieces: [Piece] = []
        var isGated = false

        init(literalCapacity: Int, interpolationCount: Int) {
            pieces.reserveCapacity(interpolationCount * 2 + 1)
        }

        mutating func appendLiteral(_ literal: String) {
            pieces.append { sql, _ in sql.appendLiteral(literal) }
        }

        /// A value, bound as a parameter of the statement.
        mutating func appendInterpolation<Value: PostgresThrowingDynamicTypeEncodable>(_ value: Value) {
            pieces.append { sql, _ in try sql.appendInterpolation(value) }
        }

        /// A name of the fragment's own (a `WITH` item): `name` after the statement's prefix for
        /// this fragment, so that two fragments in one statement may use the same names.
        mutating func appendInterpolation(name: String) {
            pieces.append { sql, placement in sql.appendLiteral(placement.prefix + name) }
        }

        /// In a conditional write, ` keyword EXISTS (SELECT FROM gate)`: the condition that holds
        /// the fragment's changes back until the gate has locked the log's head and found it
        /// where the writer expects it (`keyword` is `WHERE` or `AND`, whichever the clause needs
        /// there). Nothing in a write under the claim. A fragment that makes changes says this
        /// in every clause that makes them, or is not gated (``SQLFragment/isGated``).
        mutating func appendInterpolation(gatedBy keyword: String) {
            isGated = true
            pieces.append { sql, placement in
                guard let gate = placement.gate else { return }
                sql.appendLiteral(" \(keyword) EXISTS (SELECT FROM \(gate))")
            }
        }
    }
}
