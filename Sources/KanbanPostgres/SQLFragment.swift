import PostgresNIO

/// SQL with bound values, kept in pieces until it is written into a statement: several writes
/// of one transaction then go to PostgreSQL as one statement (``MergedWrite``), each value
/// bound in its place and each of the write's own names made unique (``StringInterpolation/appendInterpolation(name:)``).
/// (A `PostgresQuery` cannot be joined to another: its values are numbered `$1`, `$2`, … from its start.)
struct SQLFragment: ExpressibleByStringInterpolation {
    /// Writes one piece into a statement whose names of this fragment begin with the given prefix.
    typealias Piece = (inout PostgresQuery.StringInterpolation, _ prefix: String) throws -> Void

    /// The pieces, in order.
    let pieces: [Piece]

    init(stringLiteral value: String) {
        pieces = [{ sql, _ in sql.appendLiteral(value) }]
    }

    init(stringInterpolation: StringInterpolation) {
        pieces = stringInterpolation.pieces
    }

    /// Writes the fragment into `sql`, its names prefixed with `prefix`.
    func write(into sql: inout PostgresQuery.StringInterpolation, prefix: String) throws {
        for piece in pieces { try piece(&sql, prefix) }
    }

    struct StringInterpolation: StringInterpolationProtocol {
        var pieces: [Piece] = []

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
            pieces.append { sql, prefix in sql.appendLiteral(prefix + name) }
        }
    }
}
