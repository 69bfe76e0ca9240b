import GRDB

/// The tables of a kanban log in SQLite, named as PostgreSQL's (`PostgresSchema`), and the
/// version that made them, kept in the file's `user_version`:
///
/// - `events`: each event's bytes under its position (the rowid), with its board (16 bytes,
///   big-endian) and its `seq` on that board, unique;
/// - `boards`: each board's head, so that ``Kanban/LogReading/heads()`` and an append's check
///   read one row each rather than count the log;
/// - `idempotency`: answers by board, actor and key, with when they were remembered;
/// - `sync_clients`, `sync_refusals`, `sync_digests`, `sync_owners`: each client's last
///   mutation, the refused ones, what each decided one asked for, and who first pushed as it;
/// - `backdated`: the ranges of positions whose events happened before they were appended.
enum SQLiteLogSchema {
    /// The layout this program makes and reads.
    static let version = 1

    /// The statements that make the layout of ``version`` in an empty file.
    static let statements = [
        """
        CREATE TABLE events (
            position INTEGER PRIMARY KEY, board BLOB NOT NULL, seq INTEGER NOT NULL, value BLOB NOT NULL,
            UNIQUE (board, seq))
        """,
        "CREATE TABLE boards (board BLOB PRIMARY KEY, head INTEGER NOT NULL) WITHOUT ROWID",
        """
        CREATE TABLE idempotency (
            board BLOB NOT NULL, actor TEXT NOT NULL, key TEXT NOT NULL, remembered_at INTEGER NOT NULL, answer BLOB NOT NULL,
            PRIMARY KEY (board, actor, key)) WITHOUT ROWID
        """,
        "CREATE INDEX idempotency_age ON idempotency (board, remembered_at)",
        "CREATE TABLE sync_clients (client TEXT PRIMARY KEY, last_mutation INTEGER NOT NULL) WITHOUT ROWID",
        """
        CREATE TABLE sync_refusals (
            client TEXT NOT NULL, mutation INTEGER NOT NULL, is_conflict INTEGER NOT NULL, reason TEXT NOT NULL,
            PRIMARY KEY (client, mutation)) WITHOUT ROWID
        """,
        """
        CREATE TABLE sync_digests (
            client TEXT NOT NULL, mutation INTEGER NOT NULL, digest BLOB NOT NULL, PRIMARY KEY (client, mutation)) WITHOUT ROWID
        """,
        "CREATE TABLE sync_owners (client TEXT PRIMARY KEY, actor TEXT NOT NULL) WITHOUT ROWID",
        """
        CREATE TABLE backdated (
            board BLOB NOT NULL, first_position INTEGER NOT NULL, last_position INTEGER NOT NULL,
            PRIMARY KEY (board, first_position)) WITHOUT ROWID
        """,
    ]

    /// Makes the layout in a file that has no table yet; leaves a file of this version alone.
    /// A file with tables but no version (another program's, or the benchmarks' old events
    /// table), or of another version, throws. Run inside a write transaction.
    static func apply(_ db: Database, path: String) throws {
        let found = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if found == version { return }
        guard found == 0 else {
            throw SQLiteLogStoreError("\(path): the log's layout is version \(found), which this program (version \(version)) cannot read")
        }
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        guard tables.isEmpty else {
            throw SQLiteLogStoreError("\(path): holds tables (\(tables.joined(separator: ", "))) but no kanban log layout")
        }
        for statement in statements { try db.execute(sql: statement) }
        try db.execute(sql: "PRAGMA user_version = \(version)")
    }
}
