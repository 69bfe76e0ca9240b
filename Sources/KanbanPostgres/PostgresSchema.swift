import PostgresNIO

/// The tables of a kanban log on PostgreSQL, made idempotently (`IF NOT EXISTS`), their
/// version kept in `kanban_meta` under `schema_version`.
///
/// In use: `kanban_meta`, `log_head` (the last position of engines sharing the log, one row
/// that their writes claim in turn), `boards` (each board's head and last position), `events` (the stored
/// bytes, by board and `seq`), `idempotency` (answers by board, actor and key) and
/// `sync_clients`/`sync_refusals` (each client's last mutation, and the refused ones),
/// `sync_digests` (what each decided mutation asked for, so a copied client's own change under a
/// decided id is told from a retry) and `sync_owners` (the actor who first pushed as each
/// client). The others are made now so that version 1 is the whole layout the later increments
/// fill (snapshots, backdated ranges).
///
/// A new database gets version 1's statements and then every migration; a database of an older
/// version gets only the migrations after its version, each adding tables (no statement of an
/// older version runs again: they would lock tables that running nodes append to).
public enum PostgresSchema {
    /// The version this program makes and reads.
    public static let version = 2

    /// What each version after the first adds, in order: version 2, 3, …
    static let migrations: [(version: Int, statements: [String])] = [
        (2, [
            """
            CREATE TABLE IF NOT EXISTS sync_digests (
                client text NOT NULL, mutation bigint NOT NULL, digest bytea NOT NULL, PRIMARY KEY (client, mutation))
            """,
            "CREATE TABLE IF NOT EXISTS sync_owners (client text PRIMARY KEY, actor text NOT NULL)",
        ]),
    ]

    /// Version 1's statements, in order.
    static let statements: [String] = [
        "CREATE TABLE IF NOT EXISTS kanban_meta (key text PRIMARY KEY, value text NOT NULL)",
        "CREATE TABLE IF NOT EXISTS boards (board_id uuid PRIMARY KEY, head bigint NOT NULL DEFAULT 0, last_position bigint NOT NULL DEFAULT 0)",
        "CREATE SEQUENCE IF NOT EXISTS event_position",
        "CREATE TABLE IF NOT EXISTS log_head (only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row), position bigint NOT NULL)",
        "INSERT INTO log_head (position) SELECT coalesce(max(last_position), 0) FROM boards ON CONFLICT DO NOTHING",
        """
        CREATE TABLE IF NOT EXISTS events (
            board_id uuid NOT NULL, seq bigint NOT NULL, position bigint NOT NULL, data bytea NOT NULL,
            PRIMARY KEY (board_id, seq), UNIQUE (board_id, position))
        """,
        "CREATE INDEX IF NOT EXISTS events_position ON events (position)",
        "CREATE TABLE IF NOT EXISTS snapshots (board_id uuid NOT NULL, seq bigint NOT NULL, data bytea NOT NULL, PRIMARY KEY (board_id, seq))",
        """
        CREATE TABLE IF NOT EXISTS idempotency (
            board_id uuid NOT NULL, actor text NOT NULL, key text NOT NULL, remembered_at bigint NOT NULL, answer bytea NOT NULL,
            PRIMARY KEY (board_id, actor, key))
        """,
        "CREATE INDEX IF NOT EXISTS idempotency_age ON idempotency (board_id, remembered_at)",
        "CREATE TABLE IF NOT EXISTS backdated (board_id uuid NOT NULL, first_position bigint NOT NULL, last_position bigint NOT NULL, PRIMARY KEY (board_id, first_position))",
        "CREATE TABLE IF NOT EXISTS sync_clients (client text PRIMARY KEY, last_mutation bigint NOT NULL)",
        """
        CREATE TABLE IF NOT EXISTS sync_refusals (
            client text NOT NULL, mutation bigint NOT NULL, is_conflict boolean NOT NULL, reason text NOT NULL,
            PRIMARY KEY (client, mutation))
        """,
    ]

    /// A key for `pg_advisory_xact_lock`: programs making the schema at once take turns
    /// (concurrent `CREATE … IF NOT EXISTS` can still collide in the catalog).
    static let lockKey: Int64 = 0x6B61_6E62_616E_0001
}

extension PostgresSchema {
    /// Makes what is missing, in one transaction, and checks the version: a database made by a
    /// newer program (a higher `schema_version`) throws ``PostgresStoreError``.
    ///
    /// A database that has the whole layout of this version is left alone, without a DDL
    /// statement: `CREATE INDEX IF NOT EXISTS` takes its table's lock before it looks, and
    /// would deadlock with the appends of nodes already running.
    static func apply(on connection: BlockingConnection, schema: String?) throws {
        if try isCurrent(on: connection) { return }
        try connection.transaction("BEGIN") {
            _ = try connection.query("SELECT pg_advisory_xact_lock(\(lockKey))")
            // A name of lowercase letters, digits and `_` only (``PostgresURL/schema``): no quoting needed.
            if let schema { _ = try connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)")) }
            let made = try connection.query("SELECT to_regclass('kanban_meta') IS NOT NULL").first?.decode(Bool.self) ?? false
            let rows = made ? try connection.query("SELECT value FROM kanban_meta WHERE key = 'schema_version'") : []
            let stored = try rows.first.map { try $0.decode(String.self) }
            let found: Int
            if let stored {
                guard let number = Int(stored), (1...version).contains(number) else {
                    throw PostgresStoreError(message: "the database's kanban schema is version \(stored), which this program (version \(version)) cannot read")
                }
                found = number
            } else {
                found = 1
            }
            // A new database, or one missing some of version 1 (dropped by hand).
            let missing = try connection.query("SELECT count(*)::int8 FROM unnest(\(firstRelations)::text[]) AS r WHERE to_regclass(r) IS NULL")
            let missingCount = try missing.first?.decode(Int64.self) ?? 1
            if stored == nil || missingCount > 0 {
                for statement in statements { _ = try connection.query(PostgresQuery(unsafeSQL: statement)) }
            }
            for migration in migrations where migration.version > found {
                for statement in migration.statements { _ = try connection.query(PostgresQuery(unsafeSQL: statement)) }
            }
            _ = try connection.query("""
                INSERT INTO kanban_meta (key, value) VALUES ('schema_version', \(String(version)))
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """)
        }
    }
}

extension PostgresSchema {
    /// The tables, sequence and indexes of version 1, by name.
    static let firstRelations = [
        "kanban_meta", "boards", "event_position", "log_head", "events", "events_position", "snapshots",
        "idempotency", "idempotency_age", "backdated", "sync_clients", "sync_refusals",
    ]

    /// The tables, sequence and indexes of this version, by name.
    static let relations = firstRelations + ["sync_digests", "sync_owners"]

    /// Whether the database has every relation of this version and says it is this version:
    /// read with plain queries, which take no lock that writers hold.
    static func isCurrent(on connection: BlockingConnection) throws -> Bool {
        let missing = try connection.query("SELECT count(*)::int8 FROM unnest(\(relations)::text[]) AS r WHERE to_regclass(r) IS NULL")
        guard try missing.first?.decode(Int64.self) == 0 else { return false }
        let rows = try connection.query("SELECT value FROM kanban_meta WHERE key = 'schema_version'")
        return try rows.first.map { try $0.decode(String.self) } == String(version)
    }
}
