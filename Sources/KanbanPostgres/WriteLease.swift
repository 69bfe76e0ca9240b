import Foundation
import Logging
import PostgresNIO

/// The write lease of a shared log (schema version 9, table `write_lease`): while one node
/// holds it, the other nodes hand it their writes instead of taking turns on the log with it,
/// so a write never waits for another node's turn. A node that advertises a URL takes the lease
/// when nobody holds it and renews it while it runs; it lapses ``term`` after its holder's last
/// renewal (a killed node), and a node that stops gives it up (``release()``).
///
/// The lease orders nothing the log depends on: every write, on whatever node, still goes
/// through the log's claim, so two nodes that both believe they hold it (a lapse, clocks) only
/// take turns as without it. PostgreSQL's clock alone times it.
///
/// Threading: each call blocks until PostgreSQL answers; call it from a thread of your own, as
/// with ``PostgresLogStore``.
public final class WriteLease: Sendable {
    /// The node holding the lease.
    public struct Holder: Sendable, Equatable {
        /// The holder's id, one per process.
        public let node: UUID
        /// Where other nodes send their writes.
        public let url: String
    }

    /// How long the lease lasts after its last renewal.
    public static let term: Duration = .seconds(3)
    /// How often a node renews it (or looks who holds it).
    public static let renewal: Duration = .seconds(1)

    /// This node's id.
    public let node: UUID
    /// Where other nodes reach this one; `nil`: it never takes the lease, only reads who holds it.
    public let advertised: String?
    /// The lease's own connection, connected again after a loss within the store's backoff.
    private let store: PostgresLogStore

    /// A lease keeper for the log at `url` (connecting to it, its schema made where missing);
    /// a node with an `advertised` URL competes to hold it.
    public init(url: PostgresURL, advertising advertised: String?, node: UUID = UUID(), logger: Logger? = nil) throws {
        self.advertised = advertised
        self.node = node
        store = try PostgresLogStore(url: url, logger: logger, queryTimeout: .seconds(5))
    }

    /// One round: takes the lease when it is free (or renews it when this node holds it), if
    /// this node advertises a URL; returns who holds it now (`nil`: nobody).
    public func renew() throws -> Holder? {
        let rows: [PostgresRow]
        if let advertised {
            let seconds = Double(Self.term.components.seconds)
            rows = try store.query("""
                WITH taken AS (
                    INSERT INTO write_lease AS lease (node, url, expires_at)
                    VALUES (\(node), \(advertised), now() + make_interval(secs => \(seconds)))
                    ON CONFLICT (only_row) DO UPDATE SET node = excluded.node, url = excluded.url, expires_at = excluded.expires_at
                    WHERE lease.node = excluded.node OR lease.expires_at < now()
                    RETURNING node, url)
                SELECT node, url FROM taken
                UNION ALL
                SELECT node, url FROM write_lease WHERE NOT EXISTS (SELECT 1 FROM taken) AND expires_at >= now()
                """)
        } else {
            rows = try store.query("SELECT node, url FROM write_lease WHERE expires_at >= now()")
        }
        guard let row = rows.first else { return nil }
        let (node, url) = try row.decode((UUID, String).self)
        return Holder(node: node, url: url)
    }

    /// The secret a node shows when it hands a write to the holder: every node of the log reads
    /// the same one.
    public func secret() throws -> String {
        guard let row = try store.query("SELECT value FROM kanban_meta WHERE key = 'node_secret'").first else {
            throw PostgresStoreError(message: "the shared log has no node secret: its schema is older than version 9")
        }
        return try row.decode(String.self)
    }

    /// Gives the lease up if this node holds it, so another node takes it at its next round
    /// rather than after the term.
    public func release() {
        _ = try? store.query("DELETE FROM write_lease WHERE node = \(node)")
    }

    /// Closes the connection.
    public func close() {
        store.close()
    }
}
