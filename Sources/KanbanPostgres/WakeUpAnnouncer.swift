import Foundation
import Logging
import PostgresNIO
import Synchronization

/// Sends a ``PostgresLogStore``'s wake-ups (`pg_notify` after each committed append) on a
/// connection of their own, so the store's writer connection goes on to its next `BEGIN` at
/// once: PostgresNIO sends a connection's statements one at a time, and a wake-up sent on the
/// writer's connection cost the next write a round trip.
///
/// A wake-up is a hint (listeners also catch up every 250 ms), so none is waited for and a
/// lost one is not an error. The connection is made at the first wake-up; one that failed is
/// replaced at the next, at most once every ``retryInterval``; until then, and when
/// connecting fails, the wake-up goes on the connection the caller gives, as before.
/// Used with its store's lock held.
///
/// A `pg_notify` transaction gets a transaction id, and its commit waits for the WAL flush
/// like any other: on this connection it does not (`synchronous_commit = off` for the
/// session). A hint lost in a crash costs a listener nothing it would not poll for, and the
/// flushes saved were one per write, as many as the writes' own.
final class WakeUpAnnouncer: Sendable {
    private let url: PostgresURL
    private let logger: Logger
    private let timeout: Duration
    private let state = Mutex<(connection: BlockingConnection?, lastTry: ContinuousClock.Instant?)>((nil, nil))
    /// Set when a wake-up sent on the connection failed: it is replaced at the next.
    private let failed = Atomic<Bool>(false)

    /// How long after a failed connection the next wake-up tries to connect again.
    static let retryInterval = Duration.seconds(5)

    init(url: PostgresURL, logger: Logger, timeout: Duration) {
        self.url = url
        self.logger = logger
        self.timeout = timeout
    }

    /// Sends `query` on the announcer's connection, or on `fallback` while it has none.
    func send(_ query: PostgresQuery, fallback: BlockingConnection) {
        guard let connection = usableConnection() else {
            _ = fallback.send(query)
            return
        }
        connection.send(query).whenFailure { [self] _ in failed.store(true, ordering: .relaxed) }
    }

    /// Its connection, while it has one (for tests).
    var connection: BlockingConnection? {
        state.withLock { $0.connection }
    }

    /// Whether a connection of its own is open (for tests).
    var isConnected: Bool {
        state.withLock { $0.connection.map { !$0.isBroken } ?? false }
    }

    /// Closes the connection, waiting until PostgreSQL has been told.
    func close() {
        state.withLock { state in
            state.connection?.close()
            state.connection = nil
        }
    }

    /// Closes the connection without waiting.
    func closeWithoutWaiting() {
        state.withLock { $0.connection?.closeWithoutWaiting() }
    }

    /// The open connection, made (again) when there is none or the last failed and it is time to try.
    private func usableConnection() -> BlockingConnection? {
        state.withLock { state in
            if let connection = state.connection, !connection.isBroken, !failed.load(ordering: .relaxed) { return connection }
            if let lastTry = state.lastTry, ContinuousClock.now < lastTry + Self.retryInterval { return nil }
            state.connection?.closeWithoutWaiting()
            state.connection = nil
            state.lastTry = .now
            failed.store(false, ordering: .relaxed)
            state.connection = try? BlockingConnection(url: url, logger: logger, timeout: timeout)
            // Sent, not waited for: the connection runs it before the wake-up that follows.
            if let connection = state.connection {
                connection.send("SET synchronous_commit = off").whenFailure { [self] _ in failed.store(true, ordering: .relaxed) }
            }
            return state.connection
        }
    }
}
