import ArgumentParser
import Foundation
import Kanban
import KanbanCLI
import KanbanPostgres
import KanbanReplica
import KanbanServer
import ServiceLifecycle

/// `kanban serve`: the HTTP API and the web board over the database.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the JSON API, live updates and the web board over HTTP.",
        discussion: """
            Prints 'Listening on http://HOST:PORT' once it accepts connections; SIGINT or SIGTERM \
            finishes the requests in flight, ends live streams and exits 0. Listening on anything \
            but loopback needs --token-file or --oidc-config.

            Spans (a request's, its command's and its commit's) are exported over OTLP/HTTP \
            when --otel-endpoint is given or the OpenTelemetry environment asks for them \
            (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, OTEL_TRACES_EXPORTER; \
            OTEL_SERVICE_NAME, default kanban); off otherwise.
            """
    )

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The LMDB environment directory. Default: $KANBAN_DB, else ./kanban.db.", valueName: "path"))
    var db: String?

    @Option(name: .long, help: ArgumentHelp("A PostgreSQL database holding the log, shared by every node serving it: postgres://user:password@host:port/database?sslmode=disable. --db is then this node's cache of it (default ./kanban-cache.db).", valueName: "url"))
    var store: String?

    @Option(name: .long, help: ArgumentHelp("With --store: the URL other nodes reach this one at (http://10.0.0.5:8080). Such a node may hold the log's write lease, and carry out every node's writes while it does; without it, a node hands its writes to the holder and holds the lease never.", valueName: "url"))
    var advertise: String?

    @Option(help: ArgumentHelp("The address to listen on.", valueName: "address"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The port to listen on; 0 picks a free one.", valueName: "port"))
    var port = 8080

    @Option(name: .customLong("token-file"), help: ArgumentHelp("A file of 'ACTOR TOKEN' lines (mode 600): every /api request then needs a token and acts as its actor.", valueName: "file"))
    var tokenFile: String?

    @Option(name: .customLong("oidc-config"), help: ArgumentHelp("A JSON file {\"issuer\", \"clientID\", \"clientSecret\", \"redirectURL\", \"adminGroups\"}: people sign in with that OpenID Connect provider at /auth/login; a groups claim value in adminGroups makes a server administrator.", valueName: "file"))
    var oidcConfig: String?

    @Option(name: .customLong("allow-host"), help: ArgumentHelp("Another host name the server answers to (repeatable); requests naming any other host are refused.", valueName: "name"))
    var allowedHosts: [String] = []

    @Option(name: .customLong("max-connections"), help: ArgumentHelp("The most connections open at once (live streams included); more wait to be accepted.", valueName: "n"))
    var maximumConnections = 1_000

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp("Seconds a connection may go without a request (headers included) before it is closed.", valueName: "seconds"))
    var idleTimeout = 15

    @Option(name: .customLong("body-timeout"), help: ArgumentHelp("Seconds a request's body may take after its headers, plus one for every KiB it brings; a slower body has its connection closed.", valueName: "seconds"))
    var bodyTimeout = 15

    @Option(name: .customLong("log-level"), help: ArgumentHelp("trace, debug, info (each request), notice, warning or error.", valueName: "level"))
    var logLevel = "info"

    @Option(name: .customLong("otel-endpoint"), help: ArgumentHelp("Export spans over OTLP/HTTP to the OpenTelemetry collector at this base URL (/v1/traces is added), as OTEL_EXPORTER_OTLP_ENDPOINT does; it wins over the environment's endpoints.", valueName: "url"))
    var otelEndpoint: String?

    func validate() throws {
        guard ["trace", "debug", "info", "notice", "warning", "error", "critical"].contains(logLevel) else {
            throw ValidationError("--log-level must be trace, debug, info, notice, warning, error or critical")
        }
        if let advertise {
            guard store != nil else { throw ValidationError("--advertise needs --store: only nodes of a shared log hand writes to each other") }
            guard let url = URL(string: advertise), ["http", "https"].contains(url.scheme ?? ""), url.host != nil,
                url.path.isEmpty || url.path == "/", url.query == nil, url.user == nil
            else {
                throw ValidationError("--advertise must be this node's base URL, like http://10.0.0.5:8080 (no path, query or user)")
            }
        }
        if let otelEndpoint, !otelEndpoint.hasPrefix("http://") && !otelEndpoint.hasPrefix("https://") {
            throw ValidationError("--otel-endpoint must be an http:// or https:// URL")
        }
    }

    func run() throws {
        var tokens: TokenFile?
        if let tokenFile {
            do { tokens = try TokenFile(contentsOf: tokenFile) } catch { throw ValidationError(error.description) }
        }
        var oidc: OIDCConfiguration?
        if let oidcConfig {
            do { oidc = try OIDCConfiguration(contentsOf: oidcConfig) } catch { throw ValidationError(error.description) }
        }
        let environment = ProcessInfo.processInfo.environment
        let tracing = SpanExport.isRequested(endpoint: otelEndpoint, environment: environment)
        let configuration = ServerConfiguration(
            host: host, port: port, tokens: tokens, allowedHosts: allowedHosts, logLevel: logLevel,
            idleTimeout: .seconds(idleTimeout), bodyTimeout: .seconds(bodyTimeout), maximumConnections: maximumConnections,
            tracing: tracing, oidc: oidc
        )
        if let refusal = configuration.refusal { throw ValidationError(refusal) }
        var services: [any Service] = []
        // Before the engine opens: it takes the process's tracer then.
        if tracing {
            if let refusal = SpanExport.refusal(environment: environment) { throw ServeError(message: refusal) }
            do {
                services.append(try SpanExport.bootstrap(endpoint: otelEndpoint, environment: environment))
            } catch {
                throw ServeError(message: "cannot export spans: \(error) (OTLP over HTTP is the one exporter built in)")
            }
        }
        let engine: KanbanEngine
        var forwarding: WriteForwarding?
        if let store {
            let url = try PostgresURL(store)
            let node = try openNode(of: store)
            engine = node.engine
            services.append(SharedLogFollowerService(follower: SharedLogFollower(engine: node.engine, store: node.follower)))
            let lease: WriteLease
            let shared: WriteForwarding
            do {
                lease = try WriteLease(url: url, advertising: advertise.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 })
                shared = WriteForwarding(secret: try lease.secret())
            } catch {
                throw ServeError(message: "cannot read the shared log's write lease: \(error)")
            }
            WriteLeaseService.round(lease, shared)
            services.append(WriteLeaseService(lease: lease, forwarding: shared))
            forwarding = shared
        } else {
            engine = try GlobalOptions.openEngine(at: GlobalOptions.databasePath(db), shortLived: false)
        }
        if let replica = try Replica.open(engine) { throw ServeError(message: ReplicaError.cannotServeReplica(origin: replica.origin).description) }
        let server = KanbanServer(engine: engine, configuration: configuration, forwarding: forwarding)
        let outcome = BlockingOutcome()
        Task {
            do {
                try await server.run(services: services) { url in
                    print("Listening on \(url)")
                    fflush(nil)
                }
                outcome.finish(nil)
            } catch {
                outcome.finish(error)
            }
        }
        if let error = outcome.wait() { throw ServeError(message: ListenFailure.describe(error, host: host, port: port)) }
    }

    /// The engine of a node of the shared log at `url`: its cache (`--db`, default
    /// `./kanban-cache.db`) brought up to the log, and the store its follower is to read.
    private func openNode(of url: String) throws -> (engine: KanbanEngine, follower: any LogStore) {
        let node: (engine: KanbanEngine, follower: any LogStore)
        do {
            node = try GlobalOptions.openNode(of: url, cache: db ?? GlobalOptions.defaultCachePath, shortLived: false)
        } catch let error as EngineError {
            throw error
        } catch {
            throw ServeError(message: String(describing: error))
        }
        return node
    }
}
