/// One numbered step of the kanban schema on PostgreSQL: the statements that take a database
/// from the version before to ``version``, and the relations and functions they make.
struct PostgresMigration: Sendable {
    /// The version a database is at once these statements ran: 1, 2, … in order.
    let version: Int
    /// The statements, in order. Each may run again and change nothing (`IF NOT EXISTS`,
    /// `ON CONFLICT DO NOTHING`, `CREATE OR REPLACE`): a migration whose relations or functions
    /// were dropped by hand runs again.
    let statements: [String]
    /// The tables, sequences and indexes the statements make, by name.
    let relations: [String]
    /// The functions the statements make, by signature (`name(type,…)`).
    var functions: [String] = []
}
