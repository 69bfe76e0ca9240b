import PostgresNIO

/// The tables of a kanban log on PostgreSQL, made by an ordered list of numbered migrations;
/// the highest one applied is kept in `kanban_meta` under `schema_version` (migrations apply in
/// order, so it says which ran).
///
/// In use: `kanban_meta`, `log_head` (the last position of engines sharing the log, one row
/// that their writes claim in turn), `boards` (each board's head and last position), `events` (the stored
/// bytes, by board and `seq`), `idempotency` (answers by board, actor and key) and
/// `sync_clients`/`sync_refusals` (each client's last mutation, and the refused ones),
/// `sync_digests` (what each decided mutation asked for, so a copied client's own change under a
/// decided id is told from a retry) and `sync_owners` (the actor who first pushed as each
/// client), `log_roots` (the audit root at the end of a write, now and then), `log_snapshots`
/// (the newest snapshots of the state, for new nodes), `lost_positions` (what failovers lost),
/// the function `kanban_claim` (a write's claim with its node's catch-up, in one round trip)
/// `kanban_refuse` (fails a conditional write's statement), and `kanban_take_turn` and
/// `kanban_end_turn` (turns of the log between nodes' writers).
/// `snapshots` (per board) is made but unused.
///
/// A new database gets every migration; a database of an older version gets only the
/// migrations after its version (no statement of an older version runs again: they would lock
/// tables that running nodes append to). A database made before versions were recorded (version
/// 1's tables, no `schema_version`) is taken as version 1. To change the schema, add a migration
/// at the end of ``migrations``; never edit one that has shipped.
public enum PostgresSchema {
    /// The version this program makes and reads: its last migration's.
    public static let version = migrations.map(\.version).max() ?? 0

    /// Every migration, in order: version 1 is the first layout, each later one adds to it.
    static let migrations: [PostgresMigration] = [
        PostgresMigration(version: 1, statements: [
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
        ], relations: [
            "kanban_meta", "boards", "event_position", "log_head", "events", "events_position", "snapshots",
            "idempotency", "idempotency_age", "backdated", "sync_clients", "sync_refusals",
        ]),
        PostgresMigration(version: 2, statements: [
            """
            CREATE TABLE IF NOT EXISTS sync_digests (
                client text NOT NULL, mutation bigint NOT NULL, digest bytea NOT NULL, PRIMARY KEY (client, mutation))
            """,
            "CREATE TABLE IF NOT EXISTS sync_owners (client text PRIMARY KEY, actor text NOT NULL)",
        ], relations: ["sync_digests", "sync_owners"]),
        // The audit root at the end of a write now and then: a node checks its cache's whole
        // prefix against the newest one its cache reaches (``PostgresLogTransaction/recordedRoot(atOrBefore:)``).
        PostgresMigration(version: 3, statements: [
            "CREATE TABLE IF NOT EXISTS log_roots (size bigint PRIMARY KEY, root bytea NOT NULL)",
        ], relations: ["log_roots"]),
        // Snapshots of the whole state, with the audit root of the events they cover, for nodes
        // that start on an empty cache (``PostgresLogTransaction/newestSnapshot(atOrBefore:)``).
        // (Version 1's `snapshots`, per board, stays unused: the state is folded from the whole log.)
        PostgresMigration(version: 4, statements: [
            "CREATE TABLE IF NOT EXISTS log_snapshots (position bigint PRIMARY KEY, root bytea NOT NULL, data bytea NOT NULL)",
        ], relations: ["log_snapshots"]),
        // Positions the log lost in a failover, as the nodes that cut them from their caches
        // found them (``PostgresLogTransaction/lostPositions()``): every node resets a client
        // that saw one, not only the nodes that had held it.
        PostgresMigration(version: 5, statements: [
            "CREATE TABLE IF NOT EXISTS lost_positions (first bigint PRIMARY KEY, last bigint NOT NULL)",
        ], relations: ["lost_positions"]),
        // The claim and a node's catch-up in one round trip (``PostgresLogTransaction/claimLog(after:limit:)``).
        // A function, because each statement of a volatile function takes a fresh snapshot: the
        // reads after the claim see the events of the writer it waited for, which one statement,
        // its snapshot taken before the wait, would not.
        PostgresMigration(version: 6, statements: [
            """
            CREATE OR REPLACE FUNCTION kanban_claim(cache_end bigint, page integer)
            RETURNS TABLE (kind smallint, at_position bigint, event_data bytea, range_board uuid, range_last bigint)
            LANGUAGE plpgsql VOLATILE AS $$
            DECLARE claimed bigint;
            BEGIN
                SELECT h.position INTO claimed FROM log_head h FOR UPDATE;
                claimed := coalesce(claimed, 0);
                RETURN QUERY SELECT 0::smallint, claimed, NULL::bytea, NULL::uuid, NULL::bigint;
                IF cache_end < claimed OR cache_end = 0 THEN
                    RETURN QUERY SELECT 1::smallint, e.position, e.data, NULL::uuid, NULL::bigint FROM events e
                        WHERE e.position >= cache_end AND e.position <= claimed ORDER BY e.position LIMIT page;
                ELSE
                    RETURN QUERY SELECT 1::smallint, e.position, e.data, NULL::uuid, NULL::bigint FROM events e
                        WHERE e.position = claimed LIMIT 1;
                END IF;
                IF cache_end < claimed THEN
                    RETURN QUERY SELECT 2::smallint, b.first_position, NULL::bytea, b.board_id, b.last_position FROM backdated b
                        WHERE b.first_position > cache_end ORDER BY b.first_position;
                END IF;
            END
            $$
            """,
        ], relations: [], functions: ["kanban_claim(bigint,integer)"]),
        // A conditional write (``PostgresLogStore/write(ifLogEndsAt:lastEvent:_:)``) commits
        // when its one statement ends: a write in it that finds a conflict fails the statement
        // through this function, which keeps nothing (``MergedWrite/statement(of:gate:endingTurn:)``).
        PostgresMigration(version: 7, statements: [
            """
            CREATE OR REPLACE FUNCTION kanban_refuse(write text) RETURNS bigint
            LANGUAGE plpgsql VOLATILE AS $$
            BEGIN
                RAISE EXCEPTION 'kanban: a conditional write was refused at %', write USING ERRCODE = 'KB409';
            END
            $$
            """,
        ], relations: [], functions: ["kanban_refuse(text)"]),
        // Turns of the log between writers of several nodes (``PostgresLogStore/writeInTurn(_:)``):
        // an advisory lock of the session, taken with the claim's catch-up, given back by the
        // write's own statement — so the next writer's turn starts as this one's write runs,
        // not a round trip after its COMMIT. The lock orders turns only; the write's check of
        // `log_head` keeps the log right whatever it does.
        PostgresMigration(version: 8, statements: [
            """
            CREATE OR REPLACE FUNCTION kanban_take_turn(cache_end bigint, page integer)
            RETURNS TABLE (kind smallint, at_position bigint, event_data bytea, range_board uuid, range_last bigint)
            LANGUAGE plpgsql VOLATILE AS $$
            BEGIN
                -- The claim's row lock makes this a transaction that commits: it need not wait
                -- for the WAL (it changes nothing a crash must keep); the write after it does.
                PERFORM set_config('synchronous_commit', 'off', true);
                PERFORM pg_advisory_lock(1801546338, hashtext(current_schema()));
                RETURN QUERY SELECT * FROM kanban_claim(cache_end, page);
            END
            $$
            """,
            """
            CREATE OR REPLACE FUNCTION kanban_end_turn() RETURNS boolean
            LANGUAGE sql VOLATILE AS $$ SELECT pg_advisory_unlock(1801546338, hashtext(current_schema())) $$
            """,
        ], relations: [], functions: ["kanban_take_turn(bigint,integer)", "kanban_end_turn()"]),
        // The write lease (``WriteLease``): the one node that carries out every node's writes
        // while it holds it, so nodes do not take turns on the log. The secret a node shows when
        // it hands a write to that node: whoever reads this database is trusted with the log anyway.
        PostgresMigration(version: 9, statements: [
            """
            CREATE TABLE IF NOT EXISTS write_lease (
                only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row), node uuid NOT NULL, url text NOT NULL,
                expires_at timestamptz NOT NULL)
            """,
            """
            INSERT INTO kanban_meta (key, value)
            VALUES ('node_secret', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
            ON CONFLICT DO NOTHING
            """,
        ], relations: ["write_lease"]),
    ]

    /// The tables, sequences and indexes of this version, by name.
    static let relations = migrations.flatMap(\.relations)
    /// The functions of this version, by signature.
    static let functions = migrations.flatMap(\.functions)

    /// A key for `pg_advisory_xact_lock`: programs making the schema at once take turns
    /// (concurrent `CREATE … IF NOT EXISTS` can still collide in the catalog).
    static let lockKey: Int64 = 0x6B61_6E62_616E_0001
}

extension PostgresSchema {
    /// Brings the database to this version and returns the versions it applied (none when it
    /// was current). A database made by a newer program (a higher `schema_version`) throws
    /// ``PostgresStoreError`` and is left as it was.
    ///
    /// A database that has the whole layout of this version is left alone, without a DDL
    /// statement or a lock: `CREATE INDEX IF NOT EXISTS` takes its table's lock before it looks,
    /// and would deadlock with the appends of nodes already running.
    @discardableResult
    static func apply(on connection: BlockingConnection, schema: String?) throws -> [Int] {
        if try isCurrent(on: connection) { return [] }
        return try migrate(on: connection, schema: schema)
    }

    /// Applies, in one transaction and under the advisory lock (so that programs starting at
    /// once take turns, the later finding nothing to do), the migrations after the database's
    /// version and any whose relations are missing; records this version; returns the
    /// versions applied.
    static func migrate(on connection: BlockingConnection, schema: String?) throws -> [Int] {
        try connection.transaction("BEGIN") {
            _ = try connection.query("SELECT pg_advisory_xact_lock(\(lockKey))")
            // A name of lowercase letters, digits and `_` only (``PostgresURL/schema``): no quoting needed.
            if let schema { _ = try connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)")) }
            let missing = try missingRelations(on: connection)
            let found = try storedVersion(on: connection, missing: missing)
            let due = migrations.filter { $0.version > found || !missing.isDisjoint(with: $0.relations + $0.functions) }
            for migration in due {
                for statement in migration.statements { _ = try connection.query(PostgresQuery(unsafeSQL: statement)) }
            }
            _ = try connection.query("""
                INSERT INTO kanban_meta (key, value) VALUES ('schema_version', \(String(version)))
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """)
            return due.map(\.version)
        }
    }

    /// The version the database records; without a record, 1 when it has every relation of
    /// version 1 (made before versions were recorded), else 0 (new). Throws for a version this
    /// program cannot read.
    static func storedVersion(on connection: BlockingConnection, missing: Set<String>) throws -> Int {
        let rows = missing.contains("kanban_meta") ? [] : try connection.query("SELECT value FROM kanban_meta WHERE key = 'schema_version'")
        guard let stored = try rows.first.map({ try $0.decode(String.self) }) else {
            return missing.isDisjoint(with: migrations[0].relations) ? 1 : 0
        }
        guard let number = Int(stored), (1...version).contains(number) else {
            throw PostgresStoreError(message: "the database's kanban schema is version \(stored), which this program (version \(version)) cannot read")
        }
        return number
    }

    /// The relations (by name) and functions (by signature) of this version the database does not have.
    static func missingRelations(on connection: BlockingConnection) throws -> Set<String> {
        let rows = try connection.query("""
            SELECT r FROM unnest(\(relations)::text[]) AS r WHERE to_regclass(r) IS NULL
            UNION ALL SELECT f FROM unnest(\(functions)::text[]) AS f WHERE to_regprocedure(f) IS NULL
            """)
        return Set(try rows.map { try $0.decode(String.self) })
    }

    /// Whether the database has every relation of this version and says it is this version:
    /// read with plain queries, which take no lock that writers hold.
    static func isCurrent(on connection: BlockingConnection) throws -> Bool {
        guard try missingRelations(on: connection).isEmpty else { return false }
        let rows = try connection.query("SELECT value FROM kanban_meta WHERE key = 'schema_version'")
        return try rows.first.map { try $0.decode(String.self) } == String(version)
    }
}
