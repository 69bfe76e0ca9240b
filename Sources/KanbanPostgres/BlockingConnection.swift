import Foundation
import Logging
import PostgresNIO
import Synchronization

/// One PostgreSQL connection used synchronously: each query waits for its result on the
/// calling thread (`EventLoopFuture.wait()`), so it must be called from a thread of its own —
/// never an event loop (NIO traps) nor Swift's cooperative pool (whose few threads a wait
/// would hold, starving every task). Failures become ``PostgresStoreError``.
///
/// A query not answered within the connection's timeout closes the connection and throws:
/// a server that went away mid-query (restarted, unplugged) must not hold the thread forever.
/// A closed or timed-out connection is ``isBroken``, and so is one whose server said to go
/// elsewhere (``PostgresStoreError/meansReconnect``: shutting down, starting up, read only):
/// its owner connects anew.
final class BlockingConnection: Sendable {
    let connection: PostgresConnection
    let logger: Logger
    /// How long one query may wait for its answer.
    let timeout: Duration
    private let broken = Atomic<Bool>(false)

    private static let ids = Atomic<Int>(0)

    /// TCP keepalive: probes after `idle` seconds of silence, every `interval` seconds, the
    /// connection given up after `count` unanswered.
    static let keepAlive: (idle: Int, interval: Int, count: Int) = (10, 5, 3)

    /// How long a try to connect may take.
    static let connectTimeoutSeconds: Int64 = 3

    /// How often a wait looks whether the connection closed under it.
    static let closeCheckInterval = 0.05

    /// A logger that logs nothing: PostgresNIO's default when the caller gives none.
    static let quietLogger = Logger(label: "kanban.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A connection id for PostgresNIO's logs, unique in this process.
    static func nextID() -> Int {
        ids.add(1, ordering: .relaxed).newValue
    }

    /// Connects to the first of `url`'s servers that takes the connection — and, when the URL
    /// asks for `target_session_attrs=read-write`, takes writes — waiting until it is ready.
    /// When none does, throws one line naming each server's refusal.
    convenience init(url: PostgresURL, logger: Logger, timeout: Duration = .seconds(30)) throws {
        var refusals: [PostgresStoreError] = []
        for index in url.servers.indices {
            do {
                self.init(connection: try Self.connect(to: url, server: index, logger: logger), logger: logger, timeout: timeout)
                return
            } catch let error as PostgresStoreError {
                refusals.append(error)
            }
        }
        if refusals.count == 1 { throw refusals[0] }
        throw PostgresStoreError(
            message: "no server of \(url) took the connection: " + refusals.map(\.message).joined(separator: "; "),
            sqlState: nil, isConnectionFailure: refusals.allSatisfy(\.meansReconnect)
        )
    }

    private init(connection: PostgresConnection, logger: Logger, timeout: Duration) {
        self.connection = connection
        self.logger = logger
        self.timeout = timeout
    }

    /// A connection to server `index` of `url`; with `read-write` asked, one that takes writes.
    private static func connect(to url: PostgresURL, server index: Int, logger: Logger) throws -> PostgresConnection {
        let base = try url.configuration(server: index)
        let server = url.servers[index]
        let name = "\(server.host):\(server.port)"
        let doing = url.servers.count == 1 ? "connecting to \(url)" : "connecting to \(name)"
        let eventLoop = PostgresConnection.defaultEventLoopGroup.any()
        // The socket is made here, not by PostgresNIO, for TCP keepalive: a server that vanishes
        // without closing (a cut network, a frozen host) is noticed in about 25 s, not hours. A
        // host that does not answer at all fails the try in a few seconds, not ten.
        let channel: any Channel
        do {
            channel = try ClientBootstrap(group: eventLoop)
                .connectTimeout(.seconds(Self.connectTimeoutSeconds))
                .channelOption(.socketOption(.so_keepalive), value: 1)
                .channelOption(.tcpOption(.tcp_nodelay), value: 1)
                .channelOption(ChannelOptions.Types.SocketOption(level: IPPROTO_TCP, name: TCP_KEEPIDLE), value: Self.keepAlive.idle)
                .channelOption(ChannelOptions.Types.SocketOption(level: IPPROTO_TCP, name: TCP_KEEPINTVL), value: Self.keepAlive.interval)
                .channelOption(ChannelOptions.Types.SocketOption(level: IPPROTO_TCP, name: TCP_KEEPCNT), value: Self.keepAlive.count)
                .connect(host: server.host, port: server.port).wait()
        } catch {
            throw PostgresStoreError(unreachable: error, doing: doing)
        }
        var configuration = PostgresConnection.Configuration(
            establishedChannel: channel, tls: base.tls, username: base.username, password: base.password, database: base.database
        )
        configuration.options = base.options
        // The name TLS checks the certificate against (an address is checked as an address).
        if server.host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }), server.host.contains(where: \.isLetter) {
            configuration.options.tlsServerName = server.host
        }
        let connection: PostgresConnection
        do {
            connection = try PostgresConnection.connect(on: eventLoop, configuration: configuration, id: Self.nextID(), logger: logger).wait()
        } catch let error as PSQLError {
            channel.close(promise: nil)
            throw PostgresStoreError(error, doing: doing)
        }
        guard url.targetSession == .readWrite else { return connection }
        do {
            let rows = try connection.query("SHOW transaction_read_only", logger: logger).wait().rows
            if try rows.first?.decode(String.self) == "off" { return connection }
        } catch {
            _ = try? connection.close().wait()
            throw PostgresStoreError(message: "PostgreSQL at \(name) did not say whether it takes writes: \(error)", isConnectionFailure: true)
        }
        _ = try? connection.close().wait()
        throw PostgresStoreError(message: "PostgreSQL at \(name) takes no writes (a standby)", sqlState: "25006")
    }

    /// Whether the connection is closed, or was closed after a query timed out.
    var isBroken: Bool {
        broken.load(ordering: .relaxed) || connection.isClosed
    }

    /// Runs `query` and returns all its rows.
    func query(_ query: PostgresQuery) throws -> [PostgresRow] {
        try wait(for: send(query))
    }

    /// Sends `query` and returns at once: PostgresNIO runs the queries sent on a connection one
    /// after another, in the order sent, each sent by the event loop as soon as the one before
    /// is answered, so several sent together cost their caller one wait, not one each.
    func send(_ query: PostgresQuery) -> EventLoopFuture<[PostgresRow]> {
        connection.query(query, logger: logger).map(\.rows)
    }

    /// Waits for the rows of a query sent with ``send(_:)``, as ``query(_:)`` does.
    func wait(for rows: EventLoopFuture<[PostgresRow]>) throws -> [PostgresRow] {
        let answered = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<[PostgresRow], any Error>?>(nil)
        rows.whenComplete { result in
            outcome.withLock { $0 = result }
            answered.signal()
        }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let deadline = DispatchTime.now() + seconds
        // In slices: a connection that closes (the server restarted or went away) fails the
        // wait at once, whether or not PostgresNIO ever completes a query sent on it as it closed.
        while answered.wait(timeout: min(deadline, .now() + Self.closeCheckInterval)) == .timedOut {
            if connection.isClosed {
                throw PostgresStoreError(message: "PostgreSQL closed the connection before it answered")
            }
            guard DispatchTime.now() < deadline else {
                broken.store(true, ordering: .relaxed)
                closeWithoutWaiting()
                throw PostgresStoreError(message: "PostgreSQL did not answer within \(timeout); the connection was closed")
            }
        }
        do {
            guard let result = outcome.withLock({ $0 }) else {
                throw PostgresStoreError(message: "PostgreSQL's answer went missing")
            }
            return try result.get()
        } catch let error as PSQLError {
            let failure = PostgresStoreError(error, doing: "a query")
            if failure.meansReconnect { broken.store(true, ordering: .relaxed) }
            throw failure
        }
    }

    /// Runs `body` between `begin` and `COMMIT`; a throw rolls back and is rethrown.
    func transaction<R>(_ begin: String, _ body: () throws -> R) throws -> R {
        _ = try query(PostgresQuery(unsafeSQL: begin))
        do {
            let result = try body()
            _ = try query("COMMIT")
            return result
        } catch {
            // A broken connection has no transaction left to roll back, and would not answer.
            if !isBroken { _ = try? query("ROLLBACK") }
            throw error
        }
    }

    /// A connection left open is closed without waiting (PostgresNIO traps on one dropped
    /// open): a store replacing a broken one, a caller that threw before its `close()`.
    deinit {
        if !connection.isClosed { closeWithoutWaiting() }
    }

    /// As ``transaction(_:_:)``, with `begin` sent and not waited for: `body` gets its answer
    /// to check with the first statements it waits for (PostgreSQL runs them after it, in
    /// order), and must have checked it before it returns — a `COMMIT` after a `BEGIN` that
    /// failed would end nothing, and the statements would have run each on its own.
    func transaction<R>(sending begin: String, _ body: (EventLoopFuture<[PostgresRow]>) throws -> R) throws -> R {
        let begun = send(PostgresQuery(unsafeSQL: begin))
        do {
            let result = try body(begun)
            _ = try query("COMMIT")
            return result
        } catch {
            if !isBroken { _ = try? query("ROLLBACK") }
            throw error
        }
    }

    /// Closes the connection, waiting until it is closed.
    func close() {
        _ = try? connection.close().wait()
    }

    /// Starts closing the connection and returns at once (from `deinit`, which may run on any
    /// thread); the connection is kept until it is closed, as PostgresNIO requires.
    func closeWithoutWaiting() {
        let connection = self.connection
        let closing: EventLoopFuture<Void> = connection.close()
        closing.whenComplete { _ in withExtendedLifetime(connection) {} }
    }
}
