import Foundation
import HTTPTypes
import Hummingbird
import Kanban
import Logging
import ServiceLifecycle
import NIOCore

/// The HTTP server over one database: the JSON API under `/api` (the CLI's `--json` shapes),
/// live updates as Server-Sent Events, and the web board at `/`.
///
/// ```swift
/// let server = KanbanServer(engine: try KanbanEngine(path: "kanban.db"), configuration: ServerConfiguration(port: 0))
/// try await server.run { url in print("Listening on \(url)") }
/// ```
public struct KanbanServer: Sendable {
    public let engine: KanbanEngine
    public let configuration: ServerConfiguration
    let metrics: ServerMetrics
    /// The live streams' one reader and encoder of the log.
    let broadcaster: LiveBroadcaster
    /// The live streams of syncing clients, for their pushes' `ack` frames.
    let acknowledgements = SyncAcknowledgements()
    /// The browsers signed in with a token.
    let sessions = SessionStore()
    /// Wrong tokens counted, for bearer tokens, session cookies and sign-in alike.
    let guesses = TokenGuessThrottle()
    /// Who administers the server: the token file's administrators and the provider's.
    let people: SignedInPeople
    /// Sign-ins at the OpenID Connect provider under way.
    let pendingSignIns = PendingSignIns()
    /// The relying party of ``ServerConfiguration/oidc``.
    let oidc: OIDCClient?
    /// On a node of a shared log with a write lease: where its writes are carried out.
    let forwarding: WriteForwarding?

    /// A server over `engine`; on a node of a shared log, `forwarding` hands its writes to the
    /// node holding the write lease and takes the writes other nodes hand it.
    public init(engine: KanbanEngine, configuration: ServerConfiguration, forwarding: WriteForwarding? = nil) {
        self.init(engine: engine, configuration: configuration, oidcHTTP: NIOOIDCHTTP(), forwarding: forwarding)
    }

    /// A server whose sign-in reaches its provider through `oidcHTTP` (tests put one of theirs there).
    init(engine: KanbanEngine, configuration: ServerConfiguration, oidcHTTP: any OIDCHTTP, forwarding: WriteForwarding? = nil) {
        self.engine = engine
        self.configuration = configuration
        self.forwarding = forwarding
        let metrics = ServerMetrics()
        self.metrics = metrics
        broadcaster = LiveBroadcaster(engine: engine, metrics: metrics)
        people = SignedInPeople(tokens: configuration.tokens, engine: engine)
        oidc = configuration.oidc.map { OIDCClient(configuration: $0, http: oidcHTTP) }
        // Commands obey roles only when sign-in says who is who: without it, everyone administers.
        if configuration.requiresSignIn { engine.administer(people.administrators) }
    }

    /// Every route, behind the middleware (spans when ``ServerConfiguration/tracing`` is on,
    /// metrics, errors as JSON, request logs, access).
    public func makeRouter() -> Router<KanbanRequestContext> {
        // HEAD answers as GET does, without the body.
        let router = Router(context: KanbanRequestContext.self, options: .autoGenerateHeadEndpoints)
        // First, so the request's span covers every other middleware and records the status
        // the error middleware answered with.
        if configuration.tracing { router.add(middleware: TracingMiddleware()) }
        router.add(middleware: MetricsMiddleware(metrics: metrics))
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: LogRequestsMiddleware(.info))
        router.add(middleware: AccessMiddleware(configuration: configuration, sessions: sessions, guesses: guesses, people: people, forwarding: forwarding))
        // Before the board check: the holder checks the board on the log as it is.
        if let forwarding { router.add(middleware: ForwardWritesMiddleware(forwarding: forwarding, engine: engine, metrics: metrics, signsIn: configuration.requiresSignIn)) }
        router.add(middleware: BoardAccessMiddleware(engine: engine))
        let runner = CommandRunner(engine: engine)
        let api = router.group("api")
        BoardRoutes(engine: engine, runner: runner).add(to: api)
        ColumnRoutes(runner: runner).add(to: api)
        CardRoutes(runner: runner).add(to: api)
        CardDetailRoutes(engine: engine, runner: runner).add(to: api)
        CommentRoutes(runner: runner).add(to: api)
        ChecklistRoutes(runner: runner).add(to: api)
        BoardDetailRoutes(runner: runner).add(to: api)
        UndoRoutes(engine: engine, runner: runner).add(to: api)
        LogRoutes(engine: engine).add(to: api)
        ExportRoutes(engine: engine).add(to: api)
        FlowRoutes(engine: engine).add(to: api)
        ImportRoutes(engine: engine).add(to: api)
        EventStreamRoutes(
            engine: engine, broadcaster: broadcaster, acknowledgements: acknowledgements, metrics: metrics, heartbeat: configuration.heartbeat,
            ownerOnly: configuration.requiresSignIn
        ).add(to: api)
        SyncRoutes(engine: engine, acknowledgements: acknowledgements, ownerOnly: configuration.requiresSignIn).add(to: api)
        SessionRoutes(tokens: configuration.tokens, signInRequired: configuration.requiresSignIn, people: people, sessions: sessions, guesses: guesses).add(to: api)
        SignInRoutes(
            configuration: configuration, client: oidc, pending: pendingSignIns, people: people, sessions: sessions
        ).add(to: router)
        SiteRoutes(engine: engine, metrics: metrics).add(to: router)
        // Last, so it wraps only the router's not-found answer.
        router.add(middleware: MethodNotAllowedMiddleware(routes: router.routes))
        return router
    }

    /// The application: the router on `host:port`, with `services` run beside it and shut down
    /// with it; `onListening` gets the URL once it accepts connections.
    public func makeApplication(
        services: [any Service] = [], onListening: @escaping @Sendable (String) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        var logger = Logger(label: "kanban")
        logger.logLevel = Logger.Level(rawValue: configuration.logLevel) ?? .info
        let host = configuration.host
        let idleTimeout = Self.timeAmount(configuration.idleTimeout)
        let bodyTimeout = Self.timeAmount(configuration.bodyTimeout)
        return Application(
            router: makeRouter(),
            server: .http1(configuration: .init(additionalChannelHandlers: [KeepRepeatedHost(), ExplainUnreadableRequests(), ForbidContentSniffing(), DrainBeforeClose(), CutSlowBodies(timeout: bodyTimeout)], idleTimeout: idleTimeout)),
            configuration: .init(
                address: .hostname(host, port: configuration.port), serverName: "kanban",
                availableConnectionsDelegate: .maximum(configuration.maximumConnections, logger: logger)
            ),
            // The live streams end with the server, and their reader of the log with them.
            services: services + [LiveBroadcasterService(broadcaster: broadcaster)],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
                await onListening("http://\(shown):\(port)")
            },
            logger: logger
        )
    }

    /// `duration` as NIO counts time (whole nanoseconds; the configuration bounds it to a day).
    private static func timeAmount(_ duration: Duration) -> TimeAmount {
        let parts = duration.components
        return .nanoseconds(parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000)
    }

    /// Serves until SIGINT or SIGTERM, then finishes the requests in flight, ends the live
    /// streams, stops `services` (a node's follower of the shared log) and returns.
    public func run(services: [any Service] = [], onListening: @escaping @Sendable (String) async -> Void = { _ in }) async throws {
        try await makeApplication(services: services, onListening: onListening).runService()
    }
}
